import { ValidationMessage } from '@everdeal/contracts/messages';
import { describe, expect, it } from 'vitest';
import { emailError, textError } from './field-rules';

describe('emailError (requirements §5)', () => {
  it('asks for an address when empty or blank', () => {
    expect(emailError('')).toBe(ValidationMessage.emailRequired);
    expect(emailError('   ')).toBe(ValidationMessage.emailRequired);
  });

  it('refuses what cannot be an address', () => {
    for (const value of ['ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com', 'a@b@c.com']) {
      expect(emailError(value), value).toBe(ValidationMessage.emailInvalid);
    }
    expect(emailError(`${'a'.repeat(250)}@example.com`)).toBe(ValidationMessage.emailInvalid);
  });

  it('accepts an address, spaces around it included', () => {
    expect(emailError(' ada@example.com ')).toBeUndefined();
    expect(emailError('ada.lovelace+deals@mail.example.co.uk')).toBeUndefined();
  });
});

describe('textError', () => {
  const rule = {
    required: 'Please write a message',
    min: { length: 10, message: 'too short' },
    max: { length: 12, message: 'too long' },
  };

  it('says the required message for empty or blank text, nothing for an optional field', () => {
    expect(textError('  \n ', rule)).toBe('Please write a message');
    expect(textError('', { max: rule.max })).toBeUndefined();
  });

  it('counts the trimmed text as the server does (UTF-16 units, like zod)', () => {
    expect(textError('  123456789  ', rule)).toBe('too short');
    expect(textError('1234567890', rule)).toBeUndefined();
    expect(textError('123456789012', rule)).toBeUndefined();
    expect(textError('1234567890123', rule)).toBe('too long');
    // Seven emoji are 14 UTF-16 units: over a limit of 12, as the server's schema sees them.
    expect(textError('😀'.repeat(7), rule)).toBe('too long');
  });
});
