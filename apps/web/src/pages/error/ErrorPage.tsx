/**
 * /404 and /401 (SPEC §2 shared routes): one antd Result page with a 返回首页 button that replaces
 * the history entry with /web/home.
 */
import { Button, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';

/** `status` picks antd's illustration; `title` is the code shown, `subTitle` the sentence below it. */
export function ErrorPage({ status, title, subTitle }: { status: ResultProps['status']; title: string; subTitle: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate('/web/home', { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}

export function NotFound() {
  return <ErrorPage status="404" title="404" subTitle="抱歉，您访问的页面不存在。" />;
}

/** antd has no 401 illustration; the 403 one is used. */
export function Unauthorized() {
  return <ErrorPage status="403" title="401" subTitle="抱歉，您无权访问此页面。" />;
}
