import { describe, expect, it } from 'vitest';
import { localizedReceiptTexts, receiptTexts } from './texts';

/** The receipt's 但し書き composes the owner's words with 「として」 once, however they were typed. */
describe('the proviso line', () => {
  it('adds として to the words typed', () => {
    expect(receiptTexts.provisoLine('ご飲食代')).toBe('但し ご飲食代として');
  });

  it('does not double として when the words already end with it, with or without spaces', () => {
    expect(receiptTexts.provisoLine('ご飲食代として')).toBe('但し ご飲食代として');
    expect(receiptTexts.provisoLine(' お品代 として ')).toBe('但し お品代として');
  });

  it('does not repeat 但し typed in front', () => {
    expect(receiptTexts.provisoLine('但し ご飲食代として')).toBe('但し ご飲食代として');
    expect(receiptTexts.provisoLine('但しご飲食代')).toBe('但し ご飲食代として');
  });

  it('says the words as typed in English', () => {
    expect(localizedReceiptTexts.en.provisoLine('Food and drink')).toBe('For: Food and drink');
  });
});
