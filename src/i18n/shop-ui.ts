/**
 * UI strings of the store's own cart and checkout pages served by the function
 * (src/http/html/cart-page.ts, checkout-page.ts; docs/storefront.md "Buying on the site"), in
 * the store's 12 locales. The summary's labels and the order button come from
 * src/i18n/checkout-ui.ts, shared with the approval page, so the VAT disclosure and the button
 * that states the obligation to pay read the same on both. Placeholders `{name}` are filled with
 * `t()` of src/i18n/ui.ts.
 */
import type { Locale } from '../catalog/locales';

export interface ShopUi {
  cartTitle: string;
  cartEmpty: string;
  browseCollections: string;
  continueShopping: string;
  /** Column and field names of a cart line. */
  product: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  /** Accessible name of a line's quantity field: `{title}`. */
  quantityOf: string;
  update: string;
  /** Accessible name of a line's remove button: `{title}`. */
  removeItem: string;
  remove: string;
  subtotalVat: string;
  shippingNext: string;
  toCheckout: string;
  /** `{title}`, `{was}`, `{now}` (formatted amounts). */
  priceChanged: string;
  /** `{title}`. */
  outOfStock: string;
  /** `{title}`, `{left}`. */
  insufficientStock: string;
  /** `{title}`, `{left}`. */
  quantityAdjusted: string;
  variantGone: string;
  /** `{title}`. */
  itemUnavailable: string;
  /** `{title}`, `{units}`: units sent later (backorder). */
  backorder: string;
  /** Errors of an item added to the cart. */
  unknownVariant: string;
  soldOut: string;
  /** `{left}`. */
  notEnough: string;
  /** `{count}`: the announcement after adding, with the cart's item count. */
  addedCount: string;
  checkoutTitle: string;
  contactHeading: string;
  email: string;
  emailHint: string;
  firstName: string;
  lastName: string;
  addressHeading: string;
  street: string;
  extended: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
  optional: string;
  shippingHeading: string;
  /** `{min}`, `{max}` working days. */
  shippingDays: string;
  free: string;
  shippingNeedsAddress: string;
  saveButton: string;
  summaryHeading: string;
  editCart: string;
  cardHeading: string;
  /** The sandbox: no real card is charged; the test cards follow. */
  sandboxNote: string;
  testCardPays: string;
  testCardDeclined: string;
  testCard3ds: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  /** Above the fields when a form comes back with errors: `{count}`. */
  errorSummary: string;
  emailMissing: string;
  emailInvalid: string;
  fieldMissing: string;
  recipientMissing: string;
  countryUndeliverable: string;
  /** `{territory}`. */
  territoryUndeliverable: string;
  /** `{titles}`. */
  productNotShipped: string;
  noShippingMethod: string;
  optionMissing: string;
  cardNumberInvalid: string;
  cardNotTest: string;
  cardBrandRefused: string;
  cardExpiryInvalid: string;
  cardExpired: string;
  cardCvcInvalid: string;
  declined: string;
  termsChanged: string;
  /** `{title}`, `{left}`. */
  soldOutAtPayment: string;
  paymentBusy: string;
  checkoutClosed: string;
  challengeTitle: string;
  /** `{amount}`, `{card}`. */
  challengeText: string;
  challengeConfirm: string;
  challengeCancel: string;
  challengeCanceled: string;
  /** After a card brand: `{digits}`. */
  cardEnding: string;
  /** Shown on a mutating form refused as cross-site or too frequent. */
  formRefused: string;
  tooManyRequests: string;
}

const fr: ShopUi = {
  cartTitle: 'Panier',
  cartEmpty: 'Votre panier est vide.',
  browseCollections: 'Voir les collections',
  continueShopping: 'Continuer mes achats',
  product: 'Article',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire',
  lineTotal: 'Total',
  quantityOf: 'Quantité de {title}',
  update: 'Mettre à jour',
  removeItem: 'Retirer {title} du panier',
  remove: 'Retirer',
  subtotalVat: 'Sous-total, TVA incluse',
  shippingNext: 'Frais de livraison calculés à l’étape suivante.',
  toCheckout: 'Passer la commande',
  priceChanged: 'Le prix de {title} a changé depuis votre ajout : {was} → {now}.',
  outOfStock: '{title} est épuisé : retirez-le pour passer la commande.',
  insufficientStock: 'Il ne reste que {left} × {title} : réduisez la quantité.',
  quantityAdjusted: 'Quantité de {title} ramenée à {left}, le stock restant.',
  variantGone: 'Un article n’est plus en vente : il a été retiré du panier.',
  itemUnavailable: '{title} ne peut pas être livré à cette destination.',
  backorder: '{title} : {units} article(s) seront expédiés dès leur réassort.',
  unknownVariant: 'Cet article n’existe pas ou n’est plus en vente.',
  soldOut: 'Cet article est épuisé.',
  notEnough: 'Il n’en reste que {left}.',
  addedCount: 'Ajouté au panier — {count} article(s)',
  checkoutTitle: 'Commande',
  contactHeading: 'Contact',
  email: 'Adresse e-mail',
  emailHint: 'Pour la confirmation et le suivi de la commande.',
  firstName: 'Prénom',
  lastName: 'Nom',
  addressHeading: 'Adresse de livraison',
  street: 'Adresse',
  extended: 'Complément d’adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  phone: 'Téléphone',
  optional: 'facultatif',
  shippingHeading: 'Mode de livraison',
  shippingDays: '{min} à {max} jours ouvrés',
  free: 'Offerte',
  shippingNeedsAddress: 'Indiquez votre adresse pour voir les modes de livraison et leurs prix.',
  saveButton: 'Continuer',
  summaryHeading: 'Récapitulatif',
  editCart: 'Modifier le panier',
  cardHeading: 'Paiement par carte',
  sandboxNote: 'Boutique en mode test : aucune carte réelle n’est débitée. Cartes de test :',
  testCardPays: 'paiement accepté',
  testCardDeclined: 'paiement refusé',
  testCard3ds: 'authentification 3-D Secure demandée',
  cardNumber: 'Numéro de carte',
  cardExpiry: 'Date d’expiration (MM/AA)',
  cardCvc: 'Cryptogramme (CVC)',
  errorSummary: 'Vérifiez les champs signalés ({count}).',
  emailMissing: 'Indiquez votre adresse e-mail.',
  emailInvalid: 'Cette adresse e-mail n’est pas valide.',
  fieldMissing: 'Ce champ est obligatoire.',
  recipientMissing: 'Indiquez le prénom ou le nom du destinataire.',
  countryUndeliverable: 'Nous ne livrons pas dans ce pays.',
  territoryUndeliverable: 'Nous ne livrons pas ce territoire ({territory}).',
  productNotShipped: '{titles} ne peut pas être livré dans ce pays.',
  noShippingMethod: 'Aucun mode de livraison ne dessert cette adresse.',
  optionMissing: 'Choisissez un mode de livraison.',
  cardNumberInvalid: 'Ce numéro de carte n’est pas valide.',
  cardNotTest: 'Boutique en mode test : utilisez l’une des cartes de test ci-dessus.',
  cardBrandRefused: 'Nous acceptons les cartes Visa et Mastercard.',
  cardExpiryInvalid: 'Indiquez la date d’expiration sous la forme MM/AA.',
  cardExpired: 'Cette carte est expirée.',
  cardCvcInvalid: 'Le cryptogramme compte 3 chiffres (4 sur certaines cartes).',
  declined: 'Paiement refusé par la banque : rien n’a été débité. Essayez une autre carte.',
  termsChanged: 'Le montant de la commande a changé : vérifiez le récapitulatif, puis cliquez de nouveau.',
  soldOutAtPayment: '{title} vient d’être épuisé (reste : {left}) : rien n’a été débité. Modifiez votre panier.',
  paymentBusy: 'Votre paiement est en cours de traitement ; rechargez la page dans quelques secondes.',
  checkoutClosed: 'Cette commande n’est plus modifiable.',
  challengeTitle: 'Authentification 3-D Secure (test)',
  challengeText: 'Votre banque vous demande de confirmer le paiement de {amount} avec la carte {card}.',
  challengeConfirm: 'Confirmer le paiement',
  challengeCancel: 'Annuler',
  challengeCanceled: 'Authentification annulée : rien n’a été débité.',
  cardEnding: 'se terminant par {digits}',
  formRefused: 'Ce formulaire ne peut être envoyé que depuis les pages de la boutique.',
  tooManyRequests: 'Trop de demandes en peu de temps : réessayez dans une minute.',
};

const en: ShopUi = {
  cartTitle: 'Cart',
  cartEmpty: 'Your cart is empty.',
  browseCollections: 'Browse the collections',
  continueShopping: 'Continue shopping',
  product: 'Item',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Total',
  quantityOf: 'Quantity of {title}',
  update: 'Update',
  removeItem: 'Remove {title} from the cart',
  remove: 'Remove',
  subtotalVat: 'Subtotal, VAT included',
  shippingNext: 'Shipping is calculated at the next step.',
  toCheckout: 'Check out',
  priceChanged: 'The price of {title} changed since you added it: {was} → {now}.',
  outOfStock: '{title} is sold out: remove it to check out.',
  insufficientStock: 'Only {left} × {title} left: lower the quantity.',
  quantityAdjusted: 'Quantity of {title} lowered to {left}, the stock left.',
  variantGone: 'An item is no longer for sale and was removed from the cart.',
  itemUnavailable: '{title} cannot be delivered to this destination.',
  backorder: '{title}: {units} item(s) will ship as soon as they are restocked.',
  unknownVariant: 'This item does not exist or is no longer for sale.',
  soldOut: 'This item is sold out.',
  notEnough: 'Only {left} left.',
  addedCount: 'Added to the cart — {count} item(s)',
  checkoutTitle: 'Checkout',
  contactHeading: 'Contact',
  email: 'E-mail address',
  emailHint: 'For the order confirmation and tracking.',
  firstName: 'First name',
  lastName: 'Last name',
  addressHeading: 'Delivery address',
  street: 'Address',
  extended: 'Apartment, suite, etc.',
  postalCode: 'Postal code',
  city: 'City',
  country: 'Country',
  phone: 'Phone',
  optional: 'optional',
  shippingHeading: 'Shipping method',
  shippingDays: '{min} to {max} working days',
  free: 'Free',
  shippingNeedsAddress: 'Enter your address to see the shipping methods and their prices.',
  saveButton: 'Continue',
  summaryHeading: 'Summary',
  editCart: 'Edit the cart',
  cardHeading: 'Card payment',
  sandboxNote: 'This store is in test mode: no real card is charged. Test cards:',
  testCardPays: 'payment accepted',
  testCardDeclined: 'payment declined',
  testCard3ds: '3-D Secure authentication requested',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry date (MM/YY)',
  cardCvc: 'Security code (CVC)',
  errorSummary: 'Check the fields marked below ({count}).',
  emailMissing: 'Enter your e-mail address.',
  emailInvalid: 'This e-mail address is not valid.',
  fieldMissing: 'This field is required.',
  recipientMissing: 'Enter the recipient’s first or last name.',
  countryUndeliverable: 'We do not deliver to this country.',
  territoryUndeliverable: 'We do not deliver to this territory ({territory}).',
  productNotShipped: '{titles} cannot be delivered to this country.',
  noShippingMethod: 'No shipping method serves this address.',
  optionMissing: 'Choose a shipping method.',
  cardNumberInvalid: 'This card number is not valid.',
  cardNotTest: 'This store is in test mode: use one of the test cards above.',
  cardBrandRefused: 'We accept Visa and Mastercard.',
  cardExpiryInvalid: 'Enter the expiry date as MM/YY.',
  cardExpired: 'This card has expired.',
  cardCvcInvalid: 'The security code has 3 digits (4 on some cards).',
  declined: 'Payment declined by the bank: nothing was charged. Try another card.',
  termsChanged: 'The order total changed: check the summary, then click again.',
  soldOutAtPayment: '{title} just sold out ({left} left): nothing was charged. Change your cart.',
  paymentBusy: 'Your payment is being processed; reload the page in a few seconds.',
  checkoutClosed: 'This order can no longer be changed.',
  challengeTitle: '3-D Secure authentication (test)',
  challengeText: 'Your bank asks you to confirm the payment of {amount} with the card {card}.',
  challengeConfirm: 'Confirm the payment',
  challengeCancel: 'Cancel',
  challengeCanceled: 'Authentication canceled: nothing was charged.',
  cardEnding: 'ending in {digits}',
  formRefused: 'This form can only be sent from the store’s own pages.',
  tooManyRequests: 'Too many requests in a short time: try again in a minute.',
};

const UI: Record<Locale, ShopUi> = { fr, en, de: en, nl: en, cs: en, ru: en, it: en, pt: en, pl: en, es: en, sv: en, da: en };

/** The cart and checkout pages' strings in a locale. */
export function shopUi(locale: Locale): ShopUi {
  return UI[locale];
}
