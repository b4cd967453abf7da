import { describe, expect, it } from 'vitest';
import { classifySendError, connectionOf } from './transport';

describe('connectionOf', () => {
  it('reads SMTP_URL: smtps is implicit TLS on 465, credentials decoded', () => {
    expect(connectionOf('smtps://AKIA%2Fx:p%40ss%3Aword@email-smtp.sa-east-1.amazonaws.com')).toEqual({
      host: 'email-smtp.sa-east-1.amazonaws.com',
      port: 465,
      secure: true,
      auth: { user: 'AKIA/x', pass: 'p@ss:word' },
    });
    expect(connectionOf('smtp://127.0.0.1:2525')).toEqual({ host: '127.0.0.1', port: 2525 });
    expect(connectionOf('smtp://apikey:k@smtp.resend.com')).toMatchObject({ port: 587, auth: { user: 'apikey', pass: 'k' } });
  });
});

describe('classifySendError', () => {
  it('5xx to an address or a message is permanent; 4xx, network and authentication problems are retried', () => {
    expect(classifySendError(Object.assign(new Error("Can't send mail - all recipients were rejected"), { code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' }))).toMatchObject({ permanent: true, responseCode: 550 });
    expect(classifySendError(Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 451, response: '451 try later' }))).toMatchObject({ permanent: false });
    expect(classifySendError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }))).toMatchObject({ permanent: false });
    expect(classifySendError(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toMatchObject({ permanent: false });
    const auth = classifySendError(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535 }));
    expect(auth.permanent).toBe(false);
    expect(auth.reason).toContain('autenticação');
    expect(classifySendError(Object.assign(new Error('No recipients defined'), { code: 'EENVELOPE' }))).toMatchObject({ permanent: true });
  });
});
