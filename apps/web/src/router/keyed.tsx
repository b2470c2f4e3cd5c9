/** A view remounted when its path changes (/qu/add → /qu/update/1 share one component). */
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';

export function Keyed({ view: View }: { view: ComponentType }) {
  const { pathname } = useLocation();
  return <View key={pathname} />;
}
