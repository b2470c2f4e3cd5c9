/**
 * /cert/verify/:certNo — the public verification page (issue 7; the target of the QR code printed on
 * every certificate), reachable without login: the certificate's status (有效 / 已过期 / 已撤销), the
 * holder's name partly masked, title, issuing authority, grant and expiry dates — nothing else
 * (/api/cert/verify). An unknown number shows the server's message. Kept small: no layout, no admin
 * code.
 *
 * Test ids: `cert-verify-page`, `cert-verify-status`, `cert-verify-holder`, `cert-verify-title`,
 * `cert-verify-error`.
 */
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Spin, Tag } from 'antd';
import { certGrantApi, type CertStatus } from '@kaopei/contracts/cert';
import { call, isApiError } from '../../api/request';

const STATUS_COLOR: Record<CertStatus, string> = { valid: 'green', expired: 'orange', revoked: 'red' };

export default function CertVerify() {
  const { certNo = '' } = useParams();
  const query = useQuery({ queryKey: ['cert-verify', certNo], queryFn: () => call(certGrantApi.verify, { certNo }, { quiet: true }), retry: false });
  const v = query.data;
  return (
    <div data-testid="cert-verify-page" style={{ maxWidth: 640, margin: '40px auto', padding: '0 12px' }}>
      <Card title="证书验证">
        {query.isLoading ? (
          <Spin />
        ) : v ? (
          <>
            <div style={{ textAlign: 'center', marginBottom: 16 }}>
              <Tag color={STATUS_COLOR[v.status]} style={{ fontSize: 18, padding: '6px 16px' }} data-testid="cert-verify-status">
                {v.status_dictText}
              </Tag>
            </div>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="证书编号">{certNo}</Descriptions.Item>
              <Descriptions.Item label="持证人">
                <span data-testid="cert-verify-holder">{v.holder}</span>
              </Descriptions.Item>
              <Descriptions.Item label="证书名称">
                <span data-testid="cert-verify-title">{v.title}</span>
              </Descriptions.Item>
              <Descriptions.Item label="发证机构">{v.authority}</Descriptions.Item>
              <Descriptions.Item label="发证日期">{v.grantDate}</Descriptions.Item>
              <Descriptions.Item label="有效期至">{v.expireDate ?? '长期有效'}</Descriptions.Item>
            </Descriptions>
          </>
        ) : (
          <div data-testid="cert-verify-error">
            <Result status="warning" title={isApiError(query.error) ? query.error.message : '证书验证失败，请稍后再试！'} />
          </div>
        )}
      </Card>
    </div>
  );
}
