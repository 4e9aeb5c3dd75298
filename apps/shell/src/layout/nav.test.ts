import { describe, expect, it } from 'vitest';
import { MEMBER_LINKS, TESTING_TOOLS_LINKS, linksFor } from './member-nav';

const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe('the navigation per role', () => {
  it('shows an owner every page', () => {
    expect(labels(linksFor(MEMBER_LINKS, 'owner'))).toEqual([
      'Dashboard',
      'Reports',
      'Payments',
      'Settings',
    ]);
    expect(labels(linksFor(TESTING_TOOLS_LINKS, 'owner'))).toEqual(['Email Test', 'SMS Test']);
  });

  it('shows a manager reports but not payments (the owner\u2019s alone)', () => {
    expect(labels(linksFor(MEMBER_LINKS, 'manager'))).toEqual(['Dashboard', 'Reports', 'Settings']);
    expect(labels(linksFor(TESTING_TOOLS_LINKS, 'manager'))).toEqual(['Email Test', 'SMS Test']);
  });

  it('shows staff neither reports, payments nor the testing tools', () => {
    expect(labels(linksFor(MEMBER_LINKS, 'staff'))).toEqual(['Dashboard', 'Settings']);
    expect(linksFor(TESTING_TOOLS_LINKS, 'staff')).toEqual([]);
  });

  it('while the role loads shows only what every role may open', () => {
    expect(labels(linksFor(MEMBER_LINKS, undefined))).toEqual(['Dashboard', 'Settings']);
  });

  it('shows visitors every link (the pages send them to sign in)', () => {
    expect(labels(linksFor(TESTING_TOOLS_LINKS, 'visitor'))).toEqual(['Email Test', 'SMS Test']);
  });
});
