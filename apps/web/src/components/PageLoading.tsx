/** Centered loading indicator for lazily loaded pages and data. */
import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin />
    </div>
  );
}
