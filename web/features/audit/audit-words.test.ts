import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import { changeInWords, factsInWords, subjectInWords } from './audit-words.ts';

const record = (detail: AuditRecord['detail'], subject = '0b6c1d45-e9c3-4eac-bda8-3b856c69f2bd'): AuditRecord => ({
  _id: 'r1',
  createdAt: '2026-11-27T12:00:00.000Z',
  actorEmail: 'owner@joinery.example',
  actorIp: '203.0.113.7',
  kind: 'product.updated',
  subject,
  detail,
});

describe('the audit trail in words', () => {
  it('reads money as dollars, nothing as a dash, yes and no, and roles by their names', () => {
    expect(changeInWords({ field: 'price', before: 24, after: 26, money: true })).toBe('Price $24.00 → $26.00');
    expect(changeInWords({ field: 'category', before: null, after: 'planes' })).toBe('Category — → planes');
    expect(changeInWords({ field: 'hidden', before: false, after: true })).toBe('Hidden no → yes');
    expect(changeInWords({ field: 'role', before: 'customer', after: 'fulfilment' })).toBe('Role Customer → Fulfilment');
  });

  it('names a product by its name beside its id, and anything else by its subject', () => {
    expect(subjectInWords(record({ changes: [{ field: 'name', before: 'Block plane', after: 'Low-angle block plane' }] }))).toBe(
      'Low-angle block plane (0b6c1d45-e9c3-4eac-bda8-3b856c69f2bd)',
    );
    expect(subjectInWords(record({ facts: { name: 'Block plane', price: '$42.00' } }))).toBe('Block plane (0b6c1d45-e9c3-4eac-bda8-3b856c69f2bd)');
    expect(subjectInWords(record({ facts: { order: 'J-1042' } }, 'J-1042-R1'))).toBe('J-1042-R1');
    expect(factsInWords({ facts: { lines: ['1 × Block plane', '2 × Marking gauge'], note: '' } })).toEqual(['Lines: 1 × Block plane, 2 × Marking gauge']);
  });
});
