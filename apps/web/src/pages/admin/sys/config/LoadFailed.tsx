/** What a configuration page shows when its detail could not be loaded (the request helper has shown why): a retry. */
import { Button, Result } from 'antd';

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="配置加载失败"
      subTitle="请检查网络或稍后重试。"
      extra={
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
