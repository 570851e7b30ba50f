import { describe, expect, it } from 'vitest';
import { isTicketId, requestedOrderId, type TicketField, ticketFieldError, ticketMessageError } from './support-rules';

const valid: Record<TicketField, string> = { subject: 'Code not working', orderId: '', message: 'It says redeemed.' };
const errorOf = (name: TicketField, value: string) => ticketFieldError(name, { ...valid, [name]: value });

describe('ticketFieldError (contracts SupportMessage, verbatim)', () => {
  it('accepts a ticket with no order', () => {
    for (const name of ['subject', 'orderId', 'message'] as const)
      expect(ticketFieldError(name, valid)).toBeUndefined();
  });

  it('wants a subject of 3 to 150 characters', () => {
    expect(errorOf('subject', ' ')).toBe('Please enter a subject');
    expect(errorOf('subject', 'ab')).toBe('The subject must be at least 3 characters long');
    expect(errorOf('subject', 'x'.repeat(151))).toBe('The subject must be at most 150 characters long');
  });

  it('takes an order id of letters, digits and dashes', () => {
    expect(errorOf('orderId', '0b7c2c1e-6f5a-4f3e-9a39-2f1d5a7c9e10')).toBeUndefined();
    expect(errorOf('orderId', '#1042')).toBe('Please choose one of your orders');
    expect(errorOf('orderId', 'a'.repeat(65))).toBe('Please choose one of your orders');
  });

  it('wants a message of at most 5000 characters', () => {
    expect(ticketMessageError('\n \n')).toBe('Please write a message');
    expect(ticketMessageError('x'.repeat(5001))).toBe('Your message must be at most 5000 characters long');
    expect(ticketMessageError('x'.repeat(5000))).toBeUndefined();
  });
});

describe('requestedOrderId and isTicketId', () => {
  it('keeps only what can be an order id', () => {
    expect(requestedOrderId(new URLSearchParams('orderId=ord-42'))).toBe('ord-42');
    expect(requestedOrderId(new URLSearchParams('orderId=%3Cscript%3E'))).toBe('');
  });

  it('recognises UUIDs only', () => {
    expect(isTicketId('0B7C2C1E-6F5A-4F3E-9A39-2F1D5A7C9E10')).toBe(true);
    expect(isTicketId('new')).toBe(false);
    expect(isTicketId('1001')).toBe(false);
  });
});
