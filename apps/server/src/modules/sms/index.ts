/**
 * Module sms: verification codes by SMS (SPEC §4 "SMS and binding", §7 /api/sys/user/sms). The
 * login, binding and password-reset calls of the accounts domain check codes with `verify`.
 */
import { CommonError } from '@kaopei/contracts';
import { smsApi, SmsType } from '@kaopei/contracts/sms';
import { AppError } from '../../lib/errors';
import { defineModule } from '../../platform/module';
import { SmsService } from './sms.service';

declare module '../../platform/services' {
  interface Services {
    sms: SmsService;
  }
}

export default defineModule({
  name: 'sms',
  summary: '短信验证码',
  deps: ['captcha', 'sysUser'],
  tables: ['sys_sms_code'],
  service: (ctx) => new SmsService(ctx),
  routes: (r, sms) => {
    r.json(smsApi.send, async ({ body, user }) => {
      // Binding or unbinding a number is for a logged-in user; login and reset codes are for anyone.
      if ((body.smsType === SmsType.BIND || body.smsType === SmsType.UNBIND) && !user) throw new AppError(CommonError.NOT_LOGGED_IN);
      await sms.send(body);
      return null;
    });
  },
});
