/**
 * What a browser's <select> has and happy-dom 21 lacks: `size` and an option's `defaultSelected`.
 * react-hook-form (7.92) reads them when a select registers, to tell whether the person changed it
 * before the form was ready (it then keeps what the select shows instead of the form's default);
 * without them every select looks changed, and a form's default choice is lost. Import it in a test
 * of a form with a select.
 */
const selectPrototype = window.HTMLSelectElement.prototype;
if (!('size' in selectPrototype)) {
  Object.defineProperty(selectPrototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}

const optionPrototype = window.HTMLOptionElement.prototype;
if (!('defaultSelected' in optionPrototype)) {
  Object.defineProperty(optionPrototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
  });
}

export {};
