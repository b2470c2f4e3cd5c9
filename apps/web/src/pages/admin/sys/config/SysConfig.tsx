/**
 * /admin/sys/config — base configuration (SPEC §2 "Base-config page": site name, back-office logo,
 * front logo, temp directory, copyright text, save; §3 site config id "1"; §5 URL and directory
 * rules; §8 '配置保存成功！'). Loads /api/sys/config/detail {id "1"}, saves /api/sys/config/save with
 * the contracts' rules (`siteConfigSaveReq`), then reloads the public site information so the
 * layouts show the new name, logos and footer at once. Save needs sys:config:update.
 *
 * The logos are URLs typed in a plain input for now (an uploaded file's url, or an http(s) address)
 * with a preview; the shared upload component (components/FileUpload, SPEC §5 "Logo: 1 file,
 * jpg/jpeg/png, compress 100") replaces the input when it exists.
 */
import { useEffect, useState } from 'react';
import { App, Card, Form, Input, Space, Spin } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { configApi, dirPath, logoUrl, SITE_CONFIG_ID, siteConfigSaveReq, siteUrlSlash, SysConfigPerm } from '@kaopei/contracts/sys-config';
import { call } from '../../../../api/request';
import { PermButton } from '../../../../components/Perm';
import { RichText } from '../../../../components/RichText';
import { refreshSiteInfo } from '../../../../store/site';
import { zodRule } from '../../../../utils/zod-rule';
import { LoadFailed } from './LoadFailed';

interface Values {
  siteName: string;
  backLogo: string;
  frontLogo: string;
  tmpDir: string;
  copyRight: string;
  filingNo: string;
  h5Host: string;
}

const DETAIL_KEY = ['sys-config-detail'] as const;

/** A small preview of a logo when its URL is valid (nothing otherwise). */
function LogoPreview({ url, alt }: { url: string | undefined; alt: string }) {
  if (!url || !logoUrl.safeParse(url).success) return null;
  return <img src={url} alt={alt} className="sys-config-logo" style={{ maxHeight: 48, maxWidth: 240, marginTop: 8, display: 'block' }} />;
}

export default function SysConfig() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: DETAIL_KEY, queryFn: () => call(configApi.detail, { id: SITE_CONFIG_ID }), refetchOnWindowFocus: false });
  const backLogo = Form.useWatch('backLogo', form);
  const frontLogo = Form.useWatch('frontLogo', form);
  const copyRight = Form.useWatch('copyRight', form);

  useEffect(() => {
    const d = detail.data;
    if (d) form.setFieldsValue({ siteName: d.siteName, backLogo: d.backLogo, frontLogo: d.frontLogo, tmpDir: d.tmpDir, copyRight: d.copyRight, filingNo: d.filingNo, h5Host: d.h5Host });
  }, [detail.data, form]);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await call(configApi.save, {
        id: SITE_CONFIG_ID,
        siteName: values.siteName.trim(),
        backLogo: (values.backLogo ?? '').trim(),
        frontLogo: (values.frontLogo ?? '').trim(),
        tmpDir: values.tmpDir.trim(),
        copyRight: values.copyRight ?? '',
        filingNo: (values.filingNo ?? '').trim(),
        h5Host: values.h5Host.trim(),
      });
      message.success('配置保存成功！');
      void queryClient.invalidateQueries({ queryKey: DETAIL_KEY });
      void refreshSiteInfo(queryClient);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError && !detail.data) {
    return (
      <Card className="page" title="基础配置">
        <LoadFailed onRetry={() => void detail.refetch()} />
      </Card>
    );
  }

  return (
    <Card className="page" title="基础配置">
      <Spin spinning={detail.isLoading}>
        <Form<Values> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={submit} data-testid="sys-config-form">
          <Form.Item name="siteName" label="站点名称" required rules={[zodRule(siteConfigSaveReq.shape.siteName, { empty: '' })]}>
            <Input placeholder="请输入站点名称" maxLength={50} data-testid="sys-config-site-name" />
          </Form.Item>
          <Form.Item label="后台Logo" extra="后台侧边栏显示的Logo：上传后的图片地址（如 /upload/…）或 http(s):// 开头的网址，留空则显示站点名称。">
            <Form.Item name="backLogo" noStyle rules={[zodRule(logoUrl, { empty: '' })]}>
              <Input placeholder="请输入后台Logo地址" maxLength={500} allowClear data-testid="sys-config-back-logo" />
            </Form.Item>
            <LogoPreview url={backLogo} alt="后台Logo" />
          </Form.Item>
          <Form.Item label="前台Logo" extra="登录页与学员端显示的Logo，格式同上。">
            <Form.Item name="frontLogo" noStyle rules={[zodRule(logoUrl, { empty: '' })]}>
              <Input placeholder="请输入前台Logo地址" maxLength={500} allowClear data-testid="sys-config-front-logo" />
            </Form.Item>
            <LogoPreview url={frontLogo} alt="前台Logo" />
          </Form.Item>
          <Form.Item name="tmpDir" label="临时目录" required extra="服务器上存放临时文件的目录，以/（或盘符，如D:/）开头并以/结尾。" rules={[zodRule(dirPath, { empty: '' })]}>
            <Input placeholder="如：/data/kaopei/tmp/" maxLength={255} data-testid="sys-config-tmp-dir" />
          </Form.Item>
          <Form.Item name="h5Host" label="移动端地址" required extra="移动端站点的访问地址，以/结尾；填写 / 表示使用本站。" rules={[zodRule(siteUrlSlash, { empty: '' })]}>
            <Input placeholder="如：https://m.example.com/" maxLength={255} data-testid="sys-config-h5-host" />
          </Form.Item>
          <Form.Item name="copyRight" label="版权信息" extra="显示在登录页和学员端页脚，可使用HTML（保存时会过滤不安全的内容）。" rules={[zodRule(siteConfigSaveReq.shape.copyRight)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder="如：© 2026 考培" maxLength={2000} data-testid="sys-config-copyright" />
          </Form.Item>
          {copyRight ? (
            <Form.Item label="版权信息预览">
              <RichText html={copyRight} className="site-footer" />
            </Form.Item>
          ) : null}
          <Form.Item name="filingNo" label="备案号" extra="显示在登录页页脚，链接到工信部备案网站；留空则不显示。" rules={[zodRule(siteConfigSaveReq.shape.filingNo)]}>
            <Input placeholder="如：京ICP备12345678号" maxLength={50} data-testid="sys-config-filing-no" />
          </Form.Item>
          <Space>
            <PermButton code={SysConfigPerm.CONFIG} type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={detail.isLoading} data-testid="sys-config-save">
              保存
            </PermButton>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
