import { describe, expect, it } from 'vitest';
import { fillTemplate, parseTemplate } from './layout-template.ts';

describe('the e-mail layout’s template', () => {
  it('fills slots, and repeats a block once for each instance with its own slots', () => {
    const template = parseTemplate('<h1>{{heading}}</h1>{{#line}}<p>{{name}}{{#note}} ({{text}}){{/note}}</p>{{/line}}<footer/>');
    const filled = fillTemplate(template, {
      heading: 'Order',
      line: [
        { name: 'Chisel', note: [{ text: 'sharp' }] },
        { name: 'Gauge', note: [] },
      ],
    });
    expect(filled).toBe('<h1>Order</h1><p>Chisel (sharp)</p><p>Gauge</p><footer/>');
  });

  it('puts a value in as it is, never reading marks in it', () => {
    expect(fillTemplate(parseTemplate('{{a}}|{{b}}'), { a: '{{b}}', b: 'B' })).toBe('{{b}}|B');
  });

  it('refuses a layout whose blocks do not close, or a message that leaves a slot empty', () => {
    expect(() => parseTemplate('{{#line}}<p></p>')).toThrow('{{#line}} is never closed');
    expect(() => parseTemplate('{{#line}}{{/sum}}')).toThrow('{{/sum}} closes no {{#sum}}');
    expect(() => fillTemplate(parseTemplate('{{heading}}'), {})).toThrow('no text for {{heading}}');
    expect(() => fillTemplate(parseTemplate('{{#line}}{{/line}}'), { line: 'one' })).toThrow('no instances for {{#line}}');
  });
});
