import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface FakeIdentity {
  email: string;
  emailVerified: boolean;
  sub?: string;
}

/**
 * A tiny OpenID Connect issuer on 127.0.0.1 standing in for Google: discovery, JWKS and a token
 * endpoint that answers a code registered with `issueCode` with a signed ID token.
 */
export async function startFakeIssuer(clientId: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, FakeIdentity & { nonce: string }>();
  let issuer = '';

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const identity = codes.get(form.get('code') ?? '');
        if (!identity || !form.get('code_verifier')) {
          return send(400, { error: 'invalid_grant' });
        }
        codes.delete(form.get('code')!);
        void new SignJWT({
          email: identity.email,
          email_verified: identity.emailVerified,
          nonce: identity.nonce,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(identity.sub ?? randomBytes(8).toString('hex'))
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey)
          .then((idToken) =>
            send(200, {
              access_token: 'fake-access-token',
              token_type: 'Bearer',
              expires_in: 300,
              id_token: idToken,
            }),
          );
      });
      return;
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    get issuer() {
      return issuer;
    },
    /** A code the token endpoint will exchange for this identity (bound to the request's nonce). */
    issueCode(identity: FakeIdentity, nonce: string): string {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { ...identity, nonce });
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
