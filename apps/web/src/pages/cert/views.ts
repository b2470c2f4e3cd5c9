/**
 * Pages of this folder: no registry view; the certificate verification page a certificate's QR code
 * opens, open to everybody (router/extensions.ts `openPages`; SPEC §7 certificates, issue 7).
 */
import type { ViewLoaders } from '../../router/registry';
import type { OpenPageDef } from '../../router/extensions';

export const views = {} satisfies ViewLoaders;

export const openPages: OpenPageDef[] = [{ path: '/cert/verify/:certNo', title: '证书验证', load: () => import('./CertVerify') }];
