/** /401 page (SPEC §2 shared routes). */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function Unauthorized() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您无权访问此页面。"
      extra={
        <Button type="primary" onClick={() => navigate('/web/home', { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}
