/**
 * Module cert: certificate templates, grants, their PDFs and public verification (issue 7
 * "Certificates"; SPEC §2 my certificates and ListCertGrant, §3, §7 /api/cert/*). Declares the
 * 证书管理 menu root with 证书模板 (ListCert) and 发放记录 (ListCertGrant). Other domains grant
 * through `services.cert.grant(trx | null, {certId, userId, refType, refId, refTitle})`.
 */
import { MenuType } from '@kaopei/contracts';
import { certApi, certGrantApi, CertPerm, DEFAULT_CERT_LAYOUT } from '@kaopei/contracts/cert';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { CertService } from './cert.service';

declare module '../../platform/services' {
  interface Services {
    cert: CertService;
  }
}

/** `cert.granted`: a certificate was granted (emitted in the grant's transaction, once per grant). Listener: the cert.granted message. */
export interface CertGrantedEvent {
  grantId: string;
  certId: string;
  certNo: string;
  /** The certificate's title. */
  title: string;
  userId: string;
  /** exam / course / class / manual, and the id of that object. */
  refType: string;
  refId: string;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'cert.granted': CertGrantedEvent;
  }
}

export default defineModule({
  name: 'cert',
  summary: '证书',
  // exam: which certificate a passed exam grants (exam ↔ cert is a cycle: the exam form names a template).
  deps: ['sysUser', 'sysRole', 'sysFile', 'exam'],
  on: {
    'paper.marked': (certs) => (e) => certs.onPaperMarked(e),
    // The PDF of every new grant, after its transaction committed.
    'cert.granted': (certs) => (e) => certs.onGranted(e),
  },
  tables: ['cert_template', 'cert_grant', 'cert_no_seq'],
  service: (ctx) => new CertService(ctx),
  routes: (r, certs) => {
    r.json(certApi.paging, ({ body }) => certs.paging(body));
    r.json(certApi.detail, ({ body }) => certs.detail(body.id));
    r.json(certApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? CertPerm.UPDATE : CertPerm.ADD);
      return certs.save(body, user.userId);
    });
    r.json(certApi.delete, async ({ body }) => {
      await certs.delete(body.ids);
      return null;
    });
    r.json(certGrantApi.grantBatch, ({ body, user, req }) => certs.grantBatch(body, user, { protocol: req.protocol, host: req.host }));
    r.json(certGrantApi.paging, ({ body, user }) => certs.grantPaging(body, user));
    r.json(certGrantApi.revoke, async ({ body, user }) => {
      await certs.revoke(body.ids, user);
      return null;
    });
    r.json(certGrantApi.myList, ({ user }) => certs.myList(user.userId));
    r.json(certGrantApi.myPaging, ({ body, user }) => certs.myPaging(user.userId, body));
    r.json(certGrantApi.detail, ({ body, user }) => certs.detailOf(user.userId, body.id));
    r.download(certGrantApi.pdf, ({ body, user }) => certs.pdf(user, body.id));
    r.json(certGrantApi.verify, ({ body }) => certs.verify(body.certNo));
  },
  owned: [
    {
      kind: 'certificate',
      create: async ({ services }, userId) => {
        const { id: certId } = await services.cert.save({ title: '测试证书', authority: '考培', expireMonths: null, bgImage: '', layout: DEFAULT_CERT_LAYOUT }, userId);
        return (await services.cert.grant(null, { certId, userId, refType: 'manual', refId: certId, refTitle: '' })).grant.id;
      },
      calls: [{ endpoint: certGrantApi.detail, body: (id) => ({ id }) }],
    },
  ],
  menus: [
    {
      type: MenuType.MENU, title: '证书管理', path: '/admin/cert', name: 'CertMgr', component: 'Layout', redirect: '/admin/cert/cert', alwaysShow: true, icon: 'SafetyCertificateOutlined', sort: 6,
      children: [
        {
          type: MenuType.MENU, title: '证书模板', path: '/admin/cert/cert', name: 'ListCert', component: 'ListCert', icon: 'IdcardOutlined', sort: 1,
          children: [fn('证书列表', CertPerm.LIST, 0), fn('添加证书', CertPerm.ADD, 1), fn('修改证书', CertPerm.UPDATE, 2), fn('删除证书', CertPerm.DELETE, 3)],
        },
        {
          type: MenuType.MENU, title: '发放记录', path: '/admin/cert/grant', name: 'ListCertGrant', component: 'ListCertGrant', icon: 'AuditOutlined', sort: 2,
          children: [fn('发放记录', CertPerm.GRANT_LIST, 0), fn('发放证书', CertPerm.GRANT, 1), fn('撤销证书', CertPerm.REVOKE, 2)],
        },
      ],
    },
  ],
});
