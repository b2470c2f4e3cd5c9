/**
 * 我的证书, the `cert` tab of /web/uc (SPEC §2 "My certificates: title, certificate number, obtained
 * time, expiry time, issuing authority, and a pdf download button that is disabled when there is no
 * pdf"; §7 /api/cert/grant/my-paging): the learner's own certificates, 10 a page, with their status.
 * Loaded lazily by UserCenter, so other learner pages do not carry it.
 *
 * Test ids: `mycert-row-{id}` (a row), `mycert-pdf-{id}` (its PDF button).
 */
import { Button, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { certGrantApi, type CertGrantRow, type CertStatus } from '@kaopei/contracts/cert';
import { call, download } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';

const STATUS_COLOR: Record<CertStatus, string> = { valid: 'green', expired: 'orange', revoked: 'red' };

const COLUMNS: TableColumnsType<CertGrantRow> = [
  { title: '证书名称', dataIndex: 'title', ellipsis: true },
  { title: '证书编号', dataIndex: 'certNo', width: 160 },
  { title: '获得时间', dataIndex: 'createTime', width: 170 },
  { title: '到期时间', dataIndex: 'expireTime', width: 170, render: (v: string | null) => v ?? '长期有效' },
  { title: '发证机构', dataIndex: 'authority', width: 160, ellipsis: true },
  { title: '状态', dataIndex: 'status', width: 80, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.status_dictText}</Tag> },
  {
    title: '证书文件',
    key: 'pdf',
    width: 100,
    fixed: 'right',
    render: (_, r) => (
      <Button size="small" icon={<DownloadOutlined />} disabled={!r.certFilePdf} onClick={() => void download(certGrantApi.pdf, { id: r.id }, `${r.certNo}.pdf`)} data-testid={`mycert-pdf-${r.id}`}>
        PDF
      </Button>
    ),
  },
];

export default function MyCerts() {
  const list = usePagedList<Record<string, never>, CertGrantRow>('my-cert-paging', (current, size) => call(certGrantApi.myPaging, { current, size }), {});
  return <PagedTable<CertGrantRow> list={list} columns={COLUMNS} scroll={{ x: 960 }} onRow={(r) => ({ 'data-testid': `mycert-row-${r.id}` }) as object} />;
}
