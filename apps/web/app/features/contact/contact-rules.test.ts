import { describe, expect, it } from 'vitest';
import { type ContactField, contactFieldError, requestedSubject } from './contact-rules';

const valid: Record<ContactField, string> = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: '',
  message: 'My code does not redeem.',
};
const errorOf = (name: ContactField, value: string) => contactFieldError(name, { ...valid, [name]: value });

describe('contactFieldError (contracts ContactMessage, verbatim)', () => {
  it('accepts a complete message with no subject', () => {
    for (const name of ['name', 'email', 'subject', 'message'] as const)
      expect(contactFieldError(name, valid)).toBe(undefined);
  });

  it('needs a name of at most 100 characters', () => {
    expect(errorOf('name', '  ')).toBe('Please enter your name');
    expect(errorOf('name', 'x'.repeat(101))).toBe('Your name must be at most 100 characters long');
  });

  it('checks the address like every form (requirements §5)', () => {
    expect(errorOf('email', '')).toBe('Email is required');
    expect(errorOf('email', 'ada@')).toBe('Please enter a valid email address');
  });

  it('keeps the optional subject under 150 characters', () => {
    expect(errorOf('subject', 'x'.repeat(150))).toBeUndefined();
    expect(errorOf('subject', 'x'.repeat(151))).toBe('The subject must be at most 150 characters long');
  });

  it('wants a message of 10 to 5000 characters', () => {
    expect(errorOf('message', '')).toBe('Please write a message');
    expect(errorOf('message', ' too short ')).toBe('Your message must be at least 10 characters long');
    expect(errorOf('message', 'x'.repeat(5001))).toBe('Your message must be at most 5000 characters long');
  });
});

describe('requestedSubject', () => {
  it('reads ?subject= as one trimmed line of at most 150 characters', () => {
    expect(requestedSubject(new URLSearchParams('subject=%20Refund%0Aplease%20'))).toBe('Refund please');
    expect(requestedSubject(new URLSearchParams(`subject=${'y'.repeat(200)}`))).toHaveLength(150);
    expect(requestedSubject(new URLSearchParams())).toBe('');
  });
});
