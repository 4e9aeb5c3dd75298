// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Service } from '@slotwise/contracts';
import { renderWithApi } from '../../../testing/render';
import { ServicesTab, bufferText } from './ServicesTab';

const cut: Service = {
  id: 3,
  businessId: 7,
  name: 'Cut',
  description: null,
  price: 4500,
  duration: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive: true,
};

describe('the services list', () => {
  it('names the buffers that are set', () => {
    expect(bufferText(cut)).toBeNull();
    expect(bufferText({ bufferBeforeMinutes: 10, bufferAfterMinutes: 0 })).toBe('10 min before');
    expect(bufferText({ bufferBeforeMinutes: 5, bufferAfterMinutes: 15 })).toBe(
      '5 min before, 15 min after',
    );
  });

  it("shows a service's buffers on its card only when it has some", async () => {
    renderWithApi(<ServicesTab businessId={7} />, {
      'GET /api/business/7/services': {
        body: [cut, { ...cut, id: 4, name: 'Colour', bufferAfterMinutes: 15 }],
      },
    });
    await screen.findByText('Colour');
    const card = (name: string) => document.querySelector(`[data-service="${name}"]`)!;
    expect(card('Colour').textContent).toContain('Buffer: 15 min after');
    expect(card('Cut').textContent).not.toContain('Buffer');
  });
});
