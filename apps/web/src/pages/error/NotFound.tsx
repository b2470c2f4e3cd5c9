/** /404 page (SPEC §2 shared routes). */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在。"
      extra={
        <Button type="primary" onClick={() => navigate('/web/home', { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}
