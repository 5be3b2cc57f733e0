/**
 * Form fields of the buyer's pages: a label, the error beside its field (a sentence the screen
 * reader reads with it: `aria-describedby`, `aria-invalid`), the input.
 */
import { type Html, html } from '../../views/html';

/**
 * A labelled input with its error beside it.
 * @param name the input's name and id
 * @param attrs the input's other attributes (type, autocomplete, …)
 * @param optional a hint in brackets after the label ("optional", "6 digits")
 */
export function labelledInput(name: string, label: string, value: string, error: string | undefined, attrs: Html, optional?: string): Html {
  const errorId = `${name}-error`;
  return html`<div class="field${error ? ' has-error' : ''}"><label for="${name}">${label}${optional ? html` <span class="small">(${optional})</span>` : ''}</label>
${error ? html`<p class="field-error" id="${errorId}">${error}</p>` : ''}
<input id="${name}" name="${name}" value="${value}" ${attrs}${error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}></div>`;
}
