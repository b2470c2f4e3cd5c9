/**
 * Fullscreen toggle of the admin header (SPEC §2 "fullscreen toggle"; SPEC §8 "Fullscreen unsupported
 * shows a warning"): the Fullscreen API on the whole page; the icon follows the real state (Esc, F11).
 */
import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export const FULLSCREEN_UNSUPPORTED = '您的浏览器不支持全屏！';

/** The header button; warns FULLSCREEN_UNSUPPORTED where the Fullscreen API is missing or refused. */
export function FullscreenToggle() {
  const { message } = App.useApp();
  const [full, setFull] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));

  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      void message.warning(FULLSCREEN_UNSUPPORTED);
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      void message.warning(FULLSCREEN_UNSUPPORTED);
    }
  };

  return (
    <Button
      type="text"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={full ? '退出全屏' : '全屏'}
      title={full ? '退出全屏' : '全屏'}
      onClick={() => void toggle()}
      data-testid="fullscreen-toggle"
      data-fullscreen={full ? 'true' : 'false'}
    />
  );
}
