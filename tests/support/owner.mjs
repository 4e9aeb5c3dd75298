// Owners for the browser tests: JSON calls to the API, an owner registered and verified through
// the development mailbox, and signing in on the real /auth page.

/** One JSON call; throws with the status and body when it is not OK. */
export async function apiCall(baseUrl, method, path, body, token) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Registers, verifies with the link from the development mailbox, signs in: { user, accessToken }. */
export async function verifiedOwner(baseUrl, email, password) {
  await apiCall(baseUrl, 'POST', '/api/auth/register', { email, password });
  const outbox = await apiCall(baseUrl, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const token = outbox[0].body.match(/verify-email\?token=([^\s&"'<>]+)/)[1];
  await apiCall(baseUrl, 'POST', '/api/auth/verify-email', { token: decodeURIComponent(token) });
  return apiCall(baseUrl, 'POST', '/api/auth/login', { email, password });
}

/** Fills and submits the /auth page's sign-in form. */
export async function signInOnPage(page, baseUrl, email, password) {
  await page.goto(`${baseUrl}/auth`);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A verified, signed-in owner whose business (renamed by `businessPatch` when given) offers one
 * service, 'Deep Tissue Massage', through the Free plan's one staff member, Mia Rossi: bookings
 * are assigned to her. { business, service, staff, accessToken }
 */
export async function ownerWithTherapist(baseUrl, email, password, businessPatch) {
  const login = await verifiedOwner(baseUrl, email, password);
  const call = (method, path, body) => apiCall(baseUrl, method, path, body, login.accessToken);
  const business = await call('GET', `/api/business/owner/${login.user.id}`);
  if (businessPatch) await call('PATCH', `/api/business/${business.id}`, businessPatch);
  const service = await call('POST', '/api/services', {
    businessId: business.id,
    name: 'Deep Tissue Massage',
    duration: 60,
    price: 11000,
  });
  const staff = await call('POST', '/api/staff', {
    businessId: business.id,
    firstName: 'Mia',
    lastName: 'Rossi',
    title: 'Remedial Therapist',
    serviceIds: [service.id],
  });
  return { business, service, staff, accessToken: login.accessToken };
}
