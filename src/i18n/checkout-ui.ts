/**
 * UI strings of the buyer's pages served by the function (docs/agent-commerce.md "Buyer approval"): the approval page of
 * a checkout and the order status page, in the store's 12 locales. The order
 * button states the obligation to pay, as the terms of sale say in every language
 * (content/pages/conditions-generales-de-vente; BGB § 312j (3), Code de la consommation
 * art. L221-14, Directive 2011/83/EU art. 8(2)). Placeholders `{name}` are filled with `t()`
 * of src/i18n/ui.ts.
 */
import type { Locale } from '../catalog/locales';

export interface CheckoutUi {
  reviewTitle: string;
  reviewIntro: string;
  items: string;
  item: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  subtotal: string;
  shipping: string;
  total: string;
  deliveryHeading: string;
  deliveryAddress: string;
  deliveryMethod: string;
  contactEmail: string;
  /** `{terms}` and `{withdrawal}` are the links below. */
  legal: string;
  termsLink: string;
  withdrawalLink: string;
  /** The order button, followed by " — <amount>". */
  orderButton: string;
  afterNote: string;
  approved: string;
  incomplete: string;
  changed: string;
  completedNotice: string;
  canceledNotice: string;
  /** The checkout was canceled because the buyer refused it on this page. */
  refusedNotice: string;
  /** The last payment was declined: the buyer must approve again. */
  declinedNotice: string;
  paymentHeading: string;
  /** Name of the payment handler `sandbox_card` (src/checkout/payment/sandbox.ts). */
  handlerSandboxCard: string;
  /** After a card brand: `{digits}`, the card's last 4 digits. */
  cardEnding: string;
  /** `{instrument}`: the payment instrument the assistant named, which the approval covers. */
  paymentNamed: string;
  /** `{handlers}`: the accepted handlers with their brands; the assistant chooses. */
  paymentAccepted: string;
  refuseIntro: string;
  /** The secondary button that cancels the checkout ("this is not right"). */
  refuseButton: string;
  orderStatusLink: string;
  notFoundTitle: string;
  notFoundText: string;
  orderTitle: string;
  orderPlaced: string;
  orderStatus: string;
  statusProcessing: string;
  shipment: string;
  backorder: string;
  events: string;
  noShipping: string;
  statusPartiallyShipped: string;
  statusShipped: string;
  statusDelivered: string;
  statusCanceled: string;
  eventShipped: string;
  eventDelivered: string;
  carrier: string;
  trackingNumber: string;
  trackParcel: string;
  adjustments: string;
  adjustmentCancellation: string;
  /** `{amount}`. */
  adjustmentRefund: string;
  itemsStatus: string;
  /** `{shipped}`, `{quantity}`. */
  linePartial: string;
  lineShipped: string;
  lineDelivered: string;
  lineRemoved: string;
}

const NB = '\u00a0';
/** Narrow no-break space: French puts one before : ; ? ! (the pages and the e-mails alike). */
const NNB = '\u202f';

const UI: Record<Locale, CheckoutUi> = {
  fr: {
    reviewTitle: 'Vérifiez et confirmez votre commande',
    reviewIntro: `Votre assistant d'achat a préparé cette commande chez {store}. Elle n'est passée que si vous la confirmez avec le bouton ci-dessous.`,
    items: 'Articles', item: 'Article', quantity: 'Quantité', unitPrice: 'Prix unitaire', lineTotal: 'Total',
    subtotal: 'Sous-total', shipping: 'Livraison', total: 'Total à payer',
    deliveryHeading: 'Livraison', deliveryAddress: 'Adresse de livraison', deliveryMethod: 'Mode de livraison', contactEmail: 'E-mail de confirmation',
    legal: `En commandant, vous acceptez nos {terms}. Vous disposez d'un {withdrawal} de 14${NB}jours à compter de la livraison.`,
    termsLink: 'conditions générales de vente', withdrawalLink: 'droit de rétractation',
    orderButton: 'Commander avec obligation de paiement',
    afterNote: `Votre confirmation vaut 15${NB}minutes pour cette commande exacte${NNB}; votre assistant finalise ensuite le paiement. Toute modification demande une nouvelle confirmation.`,
    approved: 'Commande confirmée. Votre assistant peut maintenant finaliser le paiement, jusqu’à {time}.',
    incomplete: `Cette commande n'est pas encore complète${NNB}: votre assistant doit encore indiquer certaines informations (adresse, mode de livraison…). Revenez ensuite sur cette page.`,
    changed: `La commande a changé depuis l'ouverture de cette page. Vérifiez-la de nouveau avant de confirmer.`,
    completedNotice: 'Cette commande a été passée sous le numéro {label}.',
    canceledNotice: `Cette commande a été annulée ou a expiré${NNB}; elle ne peut plus être passée.`,
    refusedNotice: `Vous avez refusé cette commande${NNB}: elle est annulée et rien n'a été payé. Votre assistant en est informé.`,
    declinedNotice: `Le dernier paiement a été refusé et rien n'a été débité. Pour que votre assistant puisse réessayer, vérifiez le moyen de paiement ci-dessous et confirmez de nouveau.`,
    paymentHeading: 'Paiement', handlerSandboxCard: 'Carte bancaire (mode test)', cardEnding: 'se terminant par {digits}',
    paymentNamed: `Votre assistant paiera avec${NNB}: {instrument}. Votre confirmation ne vaut que pour ce moyen de paiement.`,
    paymentAccepted: `Moyens de paiement acceptés${NNB}: {handlers}. Votre assistant choisira celui qu'il utilise au moment de payer.`,
    refuseIntro: `Cette commande ne correspond pas à ce que vous vouliez${NNB}? Refusez-la${NNB}: elle sera annulée, rien ne sera payé et votre assistant en sera informé.`,
    refuseButton: 'Refuser cette commande',
    orderStatusLink: 'Suivre la commande',
    notFoundTitle: 'Lien non valide', notFoundText: `Ce lien n'est pas valide ou a expiré.`,
    orderTitle: 'Commande {label}', orderPlaced: 'Passée le {date}', orderStatus: 'État', statusProcessing: 'En préparation',
    shipment: 'Expédition', backorder: `En réapprovisionnement${NNB}: expédié dès réception`, events: 'Suivi',
    noShipping: `Rien à expédier${NNB}: les informations d'accès sont envoyées par e-mail.`,
    statusPartiallyShipped: 'Partiellement expédiée', statusShipped: 'Expédiée', statusDelivered: 'Livrée', statusCanceled: 'Annulée',
    eventShipped: 'Expédié', eventDelivered: 'Livré', carrier: 'Transporteur', trackingNumber: 'Numéro de suivi',
    trackParcel: 'Suivre le colis', adjustments: 'Annulations et remboursements', adjustmentCancellation: 'Commande annulée', adjustmentRefund: 'Remboursement de {amount}',
    itemsStatus: 'État des articles', linePartial: '{shipped} sur {quantity} expédiés', lineShipped: 'Expédié', lineDelivered: 'Livré',
    lineRemoved: 'Annulé',
  },
  en: {
    reviewTitle: 'Review and confirm your order',
    reviewIntro: 'Your shopping assistant prepared this order at {store}. It is placed only if you confirm it with the button below.',
    items: 'Items', item: 'Item', quantity: 'Quantity', unitPrice: 'Unit price', lineTotal: 'Total',
    subtotal: 'Subtotal', shipping: 'Shipping', total: 'Total to pay',
    deliveryHeading: 'Delivery', deliveryAddress: 'Delivery address', deliveryMethod: 'Shipping method', contactEmail: 'Confirmation email',
    legal: 'By ordering, you accept our {terms}. You have a 14-day {withdrawal} after delivery.',
    termsLink: 'terms and conditions of sale', withdrawalLink: 'right of withdrawal',
    orderButton: 'Order with obligation to pay',
    afterNote: 'Your confirmation applies to this exact order for 15 minutes; your assistant then completes the payment. Any change needs a new confirmation.',
    approved: 'Order confirmed. Your assistant can now complete the payment, until {time}.',
    incomplete: 'This order is not complete yet: your assistant still has to provide some details (address, shipping method…). Come back to this page afterwards.',
    changed: 'The order changed since you opened this page. Please review it again before confirming.',
    completedNotice: 'This order was placed with number {label}.',
    canceledNotice: 'This order was canceled or has expired; it can no longer be placed.',
    refusedNotice: 'You refused this order: it is canceled and nothing was paid. Your assistant has been told.',
    declinedNotice: 'The last payment was declined and nothing was charged. For your assistant to try again, check the payment method below and confirm again.',
    paymentHeading: 'Payment', handlerSandboxCard: 'Payment card (test mode)', cardEnding: 'ending in {digits}',
    paymentNamed: 'Your assistant will pay with: {instrument}. Your confirmation applies to this payment method only.',
    paymentAccepted: 'Accepted payment methods: {handlers}. Your assistant will choose which one to use when paying.',
    refuseIntro: 'Is this not the order you wanted? Refuse it: it will be canceled, nothing will be paid, and your assistant will be told.',
    refuseButton: 'Refuse this order',
    orderStatusLink: 'Track the order',
    notFoundTitle: 'Invalid link', notFoundText: 'This link is not valid or has expired.',
    orderTitle: 'Order {label}', orderPlaced: 'Placed on {date}', orderStatus: 'Status', statusProcessing: 'Being prepared',
    shipment: 'Shipment', backorder: 'On backorder: shipped when restocked', events: 'Tracking',
    noShipping: 'Nothing to ship: access details are sent by email.',
    statusPartiallyShipped: 'Partly shipped', statusShipped: 'Shipped', statusDelivered: 'Delivered', statusCanceled: 'Canceled',
    eventShipped: 'Shipped', eventDelivered: 'Delivered', carrier: 'Carrier', trackingNumber: 'Tracking number',
    trackParcel: 'Track the parcel', adjustments: 'Cancellations and refunds', adjustmentCancellation: 'Order canceled', adjustmentRefund: 'Refund of {amount}',
    itemsStatus: 'Items', linePartial: '{shipped} of {quantity} shipped', lineShipped: 'Shipped', lineDelivered: 'Delivered',
    lineRemoved: 'Canceled',
  },
  de: {
    reviewTitle: 'Bestellung prüfen und bestätigen',
    reviewIntro: 'Ihr Einkaufsassistent hat diese Bestellung bei {store} vorbereitet. Sie wird nur aufgegeben, wenn Sie sie mit der Schaltfläche unten bestätigen.',
    items: 'Artikel', item: 'Artikel', quantity: 'Menge', unitPrice: 'Einzelpreis', lineTotal: 'Summe',
    subtotal: 'Zwischensumme', shipping: 'Versand', total: 'Gesamtbetrag',
    deliveryHeading: 'Lieferung', deliveryAddress: 'Lieferadresse', deliveryMethod: 'Versandart', contactEmail: 'E-Mail für die Bestätigung',
    legal: 'Mit Ihrer Bestellung akzeptieren Sie unsere {terms}. Sie haben ein {withdrawal} von 14 Tagen ab Lieferung.',
    termsLink: 'Allgemeinen Geschäftsbedingungen', withdrawalLink: 'Widerrufsrecht',
    orderButton: 'Zahlungspflichtig bestellen',
    afterNote: 'Ihre Bestätigung gilt 15 Minuten lang für genau diese Bestellung; danach schließt Ihr Assistent die Zahlung ab. Jede Änderung erfordert eine neue Bestätigung.',
    approved: 'Bestellung bestätigt. Ihr Assistent kann die Zahlung jetzt abschließen, bis {time}.',
    incomplete: 'Diese Bestellung ist noch nicht vollständig: Ihr Assistent muss noch Angaben machen (Adresse, Versandart …). Kommen Sie danach auf diese Seite zurück.',
    changed: 'Die Bestellung hat sich geändert, seit Sie diese Seite geöffnet haben. Bitte prüfen Sie sie erneut, bevor Sie bestätigen.',
    completedNotice: 'Diese Bestellung wurde unter der Nummer {label} aufgegeben.',
    canceledNotice: 'Diese Bestellung wurde storniert oder ist abgelaufen; sie kann nicht mehr aufgegeben werden.',
    refusedNotice: 'Sie haben diese Bestellung abgelehnt: Sie ist storniert, und es wurde nichts bezahlt. Ihr Assistent wurde informiert.',
    declinedNotice: 'Die letzte Zahlung wurde abgelehnt; es wurde nichts abgebucht. Damit Ihr Assistent es erneut versuchen kann, prüfen Sie das Zahlungsmittel unten und bestätigen Sie erneut.',
    paymentHeading: 'Zahlung', handlerSandboxCard: 'Zahlungskarte (Testmodus)', cardEnding: 'mit den Endziffern {digits}',
    paymentNamed: 'Ihr Assistent zahlt mit: {instrument}. Ihre Bestätigung gilt nur für dieses Zahlungsmittel.',
    paymentAccepted: 'Akzeptierte Zahlungsarten: {handlers}. Ihr Assistent wählt beim Bezahlen, welche er verwendet.',
    refuseIntro: 'Ist das nicht die Bestellung, die Sie wollten? Lehnen Sie sie ab: Sie wird storniert, es wird nichts bezahlt, und Ihr Assistent wird informiert.',
    refuseButton: 'Diese Bestellung ablehnen',
    orderStatusLink: 'Bestellung verfolgen',
    notFoundTitle: 'Ungültiger Link', notFoundText: 'Dieser Link ist ungültig oder abgelaufen.',
    orderTitle: 'Bestellung {label}', orderPlaced: 'Aufgegeben am {date}', orderStatus: 'Status', statusProcessing: 'In Bearbeitung',
    shipment: 'Versand', backorder: 'Nachbestellt: Versand nach Wiederauffüllung', events: 'Sendungsverlauf',
    noShipping: 'Kein Versand: Die Zugangsdaten kommen per E-Mail.',
    statusPartiallyShipped: 'Teilweise versandt', statusShipped: 'Versandt', statusDelivered: 'Zugestellt', statusCanceled: 'Storniert',
    eventShipped: 'Versandt', eventDelivered: 'Zugestellt', carrier: 'Versanddienstleister', trackingNumber: 'Sendungsnummer',
    trackParcel: 'Sendung verfolgen', adjustments: 'Stornierungen und Erstattungen', adjustmentCancellation: 'Bestellung storniert', adjustmentRefund: 'Erstattung über {amount}',
    itemsStatus: 'Status der Artikel', linePartial: '{shipped} von {quantity} versandt', lineShipped: 'Versandt', lineDelivered: 'Zugestellt',
    lineRemoved: 'Storniert',
  },
  nl: {
    reviewTitle: 'Controleer en bevestig je bestelling',
    reviewIntro: 'Je winkelassistent heeft deze bestelling bij {store} voorbereid. Ze wordt alleen geplaatst als je ze met de knop hieronder bevestigt.',
    items: 'Artikelen', item: 'Artikel', quantity: 'Aantal', unitPrice: 'Stukprijs', lineTotal: 'Totaal',
    subtotal: 'Subtotaal', shipping: 'Verzending', total: 'Te betalen',
    deliveryHeading: 'Levering', deliveryAddress: 'Leveringsadres', deliveryMethod: 'Verzendmethode', contactEmail: 'E-mail voor de bevestiging',
    legal: 'Door te bestellen aanvaard je onze {terms}. Je hebt een {withdrawal} van 14 dagen na levering.',
    termsLink: 'algemene verkoopvoorwaarden', withdrawalLink: 'herroepingsrecht',
    orderButton: 'Bestellen met betalingsverplichting',
    afterNote: 'Je bevestiging geldt 15 minuten voor precies deze bestelling; daarna rondt je assistent de betaling af. Elke wijziging vraagt een nieuwe bevestiging.',
    approved: 'Bestelling bevestigd. Je assistent kan de betaling nu afronden, tot {time}.',
    incomplete: 'Deze bestelling is nog niet volledig: je assistent moet nog gegevens doorgeven (adres, verzendmethode…). Kom daarna terug naar deze pagina.',
    changed: 'De bestelling is gewijzigd sinds je deze pagina opende. Controleer ze opnieuw voor je bevestigt.',
    completedNotice: 'Deze bestelling is geplaatst met nummer {label}.',
    canceledNotice: 'Deze bestelling is geannuleerd of verlopen; ze kan niet meer geplaatst worden.',
    refusedNotice: 'Je hebt deze bestelling geweigerd: ze is geannuleerd en er is niets betaald. Je assistent heeft bericht gekregen.',
    declinedNotice: 'De laatste betaling is geweigerd en er is niets afgeschreven. Controleer de betaalmethode hieronder en bevestig opnieuw, zodat je assistent het nog eens kan proberen.',
    paymentHeading: 'Betaling', handlerSandboxCard: 'Betaalkaart (testmodus)', cardEnding: 'eindigend op {digits}',
    paymentNamed: 'Je assistent betaalt met: {instrument}. Je bevestiging geldt alleen voor deze betaalmethode.',
    paymentAccepted: 'Geaccepteerde betaalmethoden: {handlers}. Je assistent kiest bij het betalen welke hij gebruikt.',
    refuseIntro: 'Is dit niet de bestelling die je wilde? Weiger ze: ze wordt geannuleerd, er wordt niets betaald en je assistent krijgt bericht.',
    refuseButton: 'Deze bestelling weigeren',
    orderStatusLink: 'Bestelling volgen',
    notFoundTitle: 'Ongeldige link', notFoundText: 'Deze link is ongeldig of verlopen.',
    orderTitle: 'Bestelling {label}', orderPlaced: 'Geplaatst op {date}', orderStatus: 'Status', statusProcessing: 'In voorbereiding',
    shipment: 'Verzending', backorder: 'Nabesteld: verzonden zodra weer op voorraad', events: 'Verloop',
    noShipping: 'Niets te verzenden: de toegangsgegevens komen per e-mail.',
    statusPartiallyShipped: 'Gedeeltelijk verzonden', statusShipped: 'Verzonden', statusDelivered: 'Bezorgd', statusCanceled: 'Geannuleerd',
    eventShipped: 'Verzonden', eventDelivered: 'Bezorgd', carrier: 'Vervoerder', trackingNumber: 'Trackingnummer',
    trackParcel: 'Pakket volgen', adjustments: 'Annuleringen en terugbetalingen', adjustmentCancellation: 'Bestelling geannuleerd', adjustmentRefund: 'Terugbetaling van {amount}',
    itemsStatus: 'Status van de artikelen', linePartial: '{shipped} van {quantity} verzonden', lineShipped: 'Verzonden', lineDelivered: 'Bezorgd',
    lineRemoved: 'Geannuleerd',
  },
  cs: {
    reviewTitle: 'Zkontrolujte a potvrďte objednávku',
    reviewIntro: 'Váš nákupní asistent připravil tuto objednávku v obchodě {store}. Objednávka bude odeslána, jen pokud ji potvrdíte tlačítkem níže.',
    items: 'Položky', item: 'Položka', quantity: 'Množství', unitPrice: 'Cena za kus', lineTotal: 'Celkem',
    subtotal: 'Mezisoučet', shipping: 'Doprava', total: 'K úhradě',
    deliveryHeading: 'Doručení', deliveryAddress: 'Doručovací adresa', deliveryMethod: 'Způsob dopravy', contactEmail: 'E-mail pro potvrzení',
    legal: 'Odesláním objednávky přijímáte naše {terms}. Máte {withdrawal} do 14 dnů od doručení.',
    termsLink: 'všeobecné obchodní podmínky', withdrawalLink: 'právo odstoupit od smlouvy',
    orderButton: 'Objednávka zavazující k platbě',
    afterNote: 'Vaše potvrzení platí 15 minut pro přesně tuto objednávku; poté asistent dokončí platbu. Každá změna vyžaduje nové potvrzení.',
    approved: 'Objednávka potvrzena. Asistent nyní může dokončit platbu, a to do {time}.',
    incomplete: 'Objednávka ještě není úplná: asistent musí doplnit některé údaje (adresu, způsob dopravy…). Potom se na tuto stránku vraťte.',
    changed: 'Objednávka se od otevření této stránky změnila. Před potvrzením ji prosím znovu zkontrolujte.',
    completedNotice: 'Objednávka byla odeslána pod číslem {label}.',
    canceledNotice: 'Objednávka byla zrušena nebo vypršela; už ji nelze odeslat.',
    refusedNotice: 'Tuto objednávku jste odmítli: je zrušena a nic nebylo zaplaceno. Asistent o tom byl informován.',
    declinedNotice: 'Poslední platba byla zamítnuta a nic nebylo strženo. Aby to asistent mohl zkusit znovu, zkontrolujte platební prostředek níže a potvrďte objednávku znovu.',
    paymentHeading: 'Platba', handlerSandboxCard: 'Platební karta (testovací režim)', cardEnding: 'končící na {digits}',
    paymentNamed: 'Asistent zaplatí pomocí: {instrument}. Vaše potvrzení platí jen pro tento platební prostředek.',
    paymentAccepted: 'Přijímané způsoby platby: {handlers}. Asistent při placení vybere, který použije.',
    refuseIntro: 'Není to objednávka, kterou jste chtěli? Odmítněte ji: bude zrušena, nic se nezaplatí a asistent se to dozví.',
    refuseButton: 'Odmítnout tuto objednávku',
    orderStatusLink: 'Sledovat objednávku',
    notFoundTitle: 'Neplatný odkaz', notFoundText: 'Tento odkaz je neplatný nebo vypršel.',
    orderTitle: 'Objednávka {label}', orderPlaced: 'Objednáno {date}', orderStatus: 'Stav', statusProcessing: 'Připravuje se',
    shipment: 'Odeslání', backorder: 'Na objednávku: odešleme po naskladnění', events: 'Průběh',
    noShipping: 'Nic se neodesílá: přístupové údaje přijdou e-mailem.',
    statusPartiallyShipped: 'Částečně odesláno', statusShipped: 'Odesláno', statusDelivered: 'Doručeno', statusCanceled: 'Zrušeno',
    eventShipped: 'Odesláno', eventDelivered: 'Doručeno', carrier: 'Dopravce', trackingNumber: 'Číslo zásilky',
    trackParcel: 'Sledovat zásilku', adjustments: 'Zrušení a vrácení peněz', adjustmentCancellation: 'Objednávka zrušena', adjustmentRefund: 'Vrácení {amount}',
    itemsStatus: 'Stav položek', linePartial: 'Odesláno {shipped} z {quantity}', lineShipped: 'Odesláno', lineDelivered: 'Doručeno',
    lineRemoved: 'Zrušeno',
  },
  ru: {
    reviewTitle: 'Проверьте и подтвердите заказ',
    reviewIntro: 'Ваш помощник по покупкам подготовил этот заказ в магазине {store}. Заказ будет оформлен, только если вы подтвердите его кнопкой ниже.',
    items: 'Товары', item: 'Товар', quantity: 'Количество', unitPrice: 'Цена за шт.', lineTotal: 'Сумма',
    subtotal: 'Промежуточный итог', shipping: 'Доставка', total: 'К оплате',
    deliveryHeading: 'Доставка', deliveryAddress: 'Адрес доставки', deliveryMethod: 'Способ доставки', contactEmail: 'E-mail для подтверждения',
    legal: 'Оформляя заказ, вы принимаете наши {terms}. У вас есть {withdrawal} в течение 14 дней после доставки.',
    termsLink: 'общие условия продажи', withdrawalLink: 'право на отказ от покупки',
    orderButton: 'Заказать с обязательством оплаты',
    afterNote: 'Ваше подтверждение действует 15 минут и только для этого заказа; затем помощник завершит оплату. Любое изменение требует нового подтверждения.',
    approved: 'Заказ подтверждён. Помощник может завершить оплату до {time}.',
    incomplete: 'Заказ ещё не готов: помощник должен указать некоторые данные (адрес, способ доставки…). Затем вернитесь на эту страницу.',
    changed: 'Заказ изменился с тех пор, как вы открыли эту страницу. Проверьте его ещё раз перед подтверждением.',
    completedNotice: 'Заказ оформлен под номером {label}.',
    canceledNotice: 'Заказ отменён или истёк; оформить его больше нельзя.',
    refusedNotice: 'Вы отказались от этого заказа: он отменён, ничего не оплачено. Помощник получил уведомление.',
    declinedNotice: 'Последний платёж отклонён, деньги не списаны. Чтобы помощник мог повторить попытку, проверьте способ оплаты ниже и подтвердите заказ ещё раз.',
    paymentHeading: 'Оплата', handlerSandboxCard: 'Банковская карта (тестовый режим)', cardEnding: 'с последними цифрами {digits}',
    paymentNamed: 'Способ оплаты, выбранный помощником: {instrument}. Ваше подтверждение действует только для него.',
    paymentAccepted: 'Принимаемые способы оплаты: {handlers}. Помощник выберет способ при оплате.',
    refuseIntro: 'Это не тот заказ, который вы хотели? Откажитесь от него: заказ будет отменён, ничего не будет оплачено, а помощник получит уведомление.',
    refuseButton: 'Отказаться от заказа',
    orderStatusLink: 'Отслеживать заказ',
    notFoundTitle: 'Недействительная ссылка', notFoundText: 'Эта ссылка недействительна или устарела.',
    orderTitle: 'Заказ {label}', orderPlaced: 'Оформлен {date}', orderStatus: 'Статус', statusProcessing: 'Готовится к отправке',
    shipment: 'Отправка', backorder: 'Под заказ: отправим после поступления', events: 'История',
    noShipping: 'Доставка не требуется: данные для доступа придут по e-mail.',
    statusPartiallyShipped: 'Частично отправлен', statusShipped: 'Отправлен', statusDelivered: 'Доставлен', statusCanceled: 'Отменён',
    eventShipped: 'Отправлено', eventDelivered: 'Доставлено', carrier: 'Служба доставки', trackingNumber: 'Трек-номер',
    trackParcel: 'Отследить посылку', adjustments: 'Отмены и возвраты', adjustmentCancellation: 'Заказ отменён', adjustmentRefund: 'Возврат {amount}',
    itemsStatus: 'Статус товаров', linePartial: 'Отправлено {shipped} из {quantity}', lineShipped: 'Отправлено', lineDelivered: 'Доставлено',
    lineRemoved: 'Отменено',
  },
  it: {
    reviewTitle: 'Verifica e conferma il tuo ordine',
    reviewIntro: "Il tuo assistente per gli acquisti ha preparato questo ordine su {store}. L'ordine viene effettuato solo se lo confermi con il pulsante qui sotto.",
    items: 'Articoli', item: 'Articolo', quantity: 'Quantità', unitPrice: 'Prezzo unitario', lineTotal: 'Totale',
    subtotal: 'Subtotale', shipping: 'Spedizione', total: 'Totale da pagare',
    deliveryHeading: 'Consegna', deliveryAddress: 'Indirizzo di consegna', deliveryMethod: 'Metodo di spedizione', contactEmail: 'E-mail per la conferma',
    legal: 'Ordinando accetti le nostre {terms}. Hai un {withdrawal} di 14 giorni dalla consegna.',
    termsLink: 'condizioni generali di vendita', withdrawalLink: 'diritto di recesso',
    orderButton: 'Ordine con obbligo di pagamento',
    afterNote: "La tua conferma vale 15 minuti per esattamente questo ordine; poi l'assistente completa il pagamento. Ogni modifica richiede una nuova conferma.",
    approved: "Ordine confermato. L'assistente può ora completare il pagamento, entro le {time}.",
    incomplete: "Questo ordine non è ancora completo: l'assistente deve ancora fornire alcuni dati (indirizzo, metodo di spedizione…). Torna poi su questa pagina.",
    changed: "L'ordine è cambiato da quando hai aperto questa pagina. Verificalo di nuovo prima di confermare.",
    completedNotice: 'Questo ordine è stato effettuato con il numero {label}.',
    canceledNotice: 'Questo ordine è stato annullato o è scaduto; non può più essere effettuato.',
    refusedNotice: "Hai rifiutato questo ordine: è annullato e non è stato pagato nulla. L'assistente ne è stato informato.",
    declinedNotice: "L'ultimo pagamento è stato rifiutato e non è stato addebitato nulla. Perché l'assistente possa riprovare, controlla il metodo di pagamento qui sotto e conferma di nuovo.",
    paymentHeading: 'Pagamento', handlerSandboxCard: 'Carta di pagamento (modalità test)', cardEnding: 'che termina con {digits}',
    paymentNamed: "L'assistente pagherà con: {instrument}. La tua conferma vale solo per questo metodo di pagamento.",
    paymentAccepted: "Metodi di pagamento accettati: {handlers}. L'assistente sceglierà quale usare al momento di pagare.",
    refuseIntro: "Non è l'ordine che volevi? Rifiutalo: verrà annullato, non verrà pagato nulla e l'assistente ne sarà informato.",
    refuseButton: 'Rifiuta questo ordine',
    orderStatusLink: "Segui l'ordine",
    notFoundTitle: 'Link non valido', notFoundText: 'Questo link non è valido o è scaduto.',
    orderTitle: 'Ordine {label}', orderPlaced: 'Effettuato il {date}', orderStatus: 'Stato', statusProcessing: 'In preparazione',
    shipment: 'Spedizione', backorder: 'In riassortimento: spedito appena disponibile', events: 'Tracciamento',
    noShipping: 'Nulla da spedire: i dati di accesso arrivano per e-mail.',
    statusPartiallyShipped: 'Spedito in parte', statusShipped: 'Spedito', statusDelivered: 'Consegnato', statusCanceled: 'Annullato',
    eventShipped: 'Spedito', eventDelivered: 'Consegnato', carrier: 'Corriere', trackingNumber: 'Numero di tracciamento',
    trackParcel: 'Traccia il pacco', adjustments: 'Annullamenti e rimborsi', adjustmentCancellation: 'Ordine annullato', adjustmentRefund: 'Rimborso di {amount}',
    itemsStatus: 'Stato degli articoli', linePartial: '{shipped} di {quantity} spediti', lineShipped: 'Spedito', lineDelivered: 'Consegnato',
    lineRemoved: 'Annullato',
  },
  pt: {
    reviewTitle: 'Verifique e confirme a sua encomenda',
    reviewIntro: 'O seu assistente de compras preparou esta encomenda na {store}. Só é efetuada se a confirmar com o botão abaixo.',
    items: 'Artigos', item: 'Artigo', quantity: 'Quantidade', unitPrice: 'Preço unitário', lineTotal: 'Total',
    subtotal: 'Subtotal', shipping: 'Envio', total: 'Total a pagar',
    deliveryHeading: 'Entrega', deliveryAddress: 'Morada de entrega', deliveryMethod: 'Modo de envio', contactEmail: 'E-mail para a confirmação',
    legal: 'Ao encomendar, aceita as nossas {terms}. Tem um {withdrawal} de 14 dias após a entrega.',
    termsLink: 'condições gerais de venda', withdrawalLink: 'direito de livre resolução',
    orderButton: 'Encomenda com obrigação de pagamento',
    afterNote: 'A sua confirmação vale 15 minutos para exatamente esta encomenda; depois o assistente conclui o pagamento. Qualquer alteração exige uma nova confirmação.',
    approved: 'Encomenda confirmada. O assistente pode agora concluir o pagamento, até às {time}.',
    incomplete: 'Esta encomenda ainda não está completa: o assistente ainda tem de indicar alguns dados (morada, modo de envio…). Volte depois a esta página.',
    changed: 'A encomenda mudou desde que abriu esta página. Verifique-a novamente antes de confirmar.',
    completedNotice: 'Esta encomenda foi efetuada com o número {label}.',
    canceledNotice: 'Esta encomenda foi cancelada ou expirou; já não pode ser efetuada.',
    refusedNotice: 'Recusou esta encomenda: está cancelada e nada foi pago. O assistente foi informado.',
    declinedNotice: 'O último pagamento foi recusado e nada foi cobrado. Para que o assistente possa tentar de novo, verifique o meio de pagamento abaixo e confirme novamente.',
    paymentHeading: 'Pagamento', handlerSandboxCard: 'Cartão de pagamento (modo de teste)', cardEnding: 'terminado em {digits}',
    paymentNamed: 'O assistente vai pagar com: {instrument}. A sua confirmação vale apenas para este meio de pagamento.',
    paymentAccepted: 'Meios de pagamento aceites: {handlers}. O assistente escolherá qual usar no momento de pagar.',
    refuseIntro: 'Não é a encomenda que queria? Recuse-a: será cancelada, nada será pago e o assistente será informado.',
    refuseButton: 'Recusar esta encomenda',
    orderStatusLink: 'Acompanhar a encomenda',
    notFoundTitle: 'Ligação inválida', notFoundText: 'Esta ligação não é válida ou expirou.',
    orderTitle: 'Encomenda {label}', orderPlaced: 'Efetuada em {date}', orderStatus: 'Estado', statusProcessing: 'Em preparação',
    shipment: 'Envio', backorder: 'Em reposição: enviado quando houver stock', events: 'Acompanhamento',
    noShipping: 'Nada a enviar: os dados de acesso seguem por e-mail.',
    statusPartiallyShipped: 'Parcialmente expedida', statusShipped: 'Expedida', statusDelivered: 'Entregue', statusCanceled: 'Cancelada',
    eventShipped: 'Expedido', eventDelivered: 'Entregue', carrier: 'Transportadora', trackingNumber: 'Número de seguimento',
    trackParcel: 'Seguir a encomenda', adjustments: 'Cancelamentos e reembolsos', adjustmentCancellation: 'Encomenda cancelada', adjustmentRefund: 'Reembolso de {amount}',
    itemsStatus: 'Estado dos artigos', linePartial: '{shipped} de {quantity} expedidos', lineShipped: 'Expedido', lineDelivered: 'Entregue',
    lineRemoved: 'Cancelado',
  },
  pl: {
    reviewTitle: 'Sprawdź i potwierdź zamówienie',
    reviewIntro: 'Twój asystent zakupowy przygotował to zamówienie w sklepie {store}. Zostanie ono złożone tylko wtedy, gdy potwierdzisz je przyciskiem poniżej.',
    items: 'Produkty', item: 'Produkt', quantity: 'Ilość', unitPrice: 'Cena jednostkowa', lineTotal: 'Razem',
    subtotal: 'Suma częściowa', shipping: 'Dostawa', total: 'Do zapłaty',
    deliveryHeading: 'Dostawa', deliveryAddress: 'Adres dostawy', deliveryMethod: 'Sposób dostawy', contactEmail: 'E-mail do potwierdzenia',
    legal: 'Składając zamówienie, akceptujesz nasze {terms}. Przysługuje Ci {withdrawal} w ciągu 14 dni od dostawy.',
    termsLink: 'ogólne warunki sprzedaży', withdrawalLink: 'prawo odstąpienia od umowy',
    orderButton: 'Zamówienie z obowiązkiem zapłaty',
    afterNote: 'Twoje potwierdzenie jest ważne 15 minut i tylko dla tego zamówienia; potem asystent finalizuje płatność. Każda zmiana wymaga nowego potwierdzenia.',
    approved: 'Zamówienie potwierdzone. Asystent może teraz sfinalizować płatność, do {time}.',
    incomplete: 'To zamówienie nie jest jeszcze kompletne: asystent musi jeszcze podać niektóre dane (adres, sposób dostawy…). Wróć potem na tę stronę.',
    changed: 'Zamówienie zmieniło się od otwarcia tej strony. Sprawdź je ponownie przed potwierdzeniem.',
    completedNotice: 'To zamówienie zostało złożone pod numerem {label}.',
    canceledNotice: 'To zamówienie zostało anulowane lub wygasło; nie można go już złożyć.',
    refusedNotice: 'Zamówienie zostało odrzucone: jest anulowane i nic nie zostało zapłacone. Asystent został o tym poinformowany.',
    declinedNotice: 'Ostatnia płatność została odrzucona i nic nie zostało pobrane. Aby asystent mógł spróbować ponownie, sprawdź metodę płatności poniżej i potwierdź jeszcze raz.',
    paymentHeading: 'Płatność', handlerSandboxCard: 'Karta płatnicza (tryb testowy)', cardEnding: 'kończąca się na {digits}',
    paymentNamed: 'Asystent zapłaci za pomocą: {instrument}. Twoje potwierdzenie dotyczy tylko tej metody płatności.',
    paymentAccepted: 'Akceptowane metody płatności: {handlers}. Asystent wybierze, której użyć przy płatności.',
    refuseIntro: 'Coś się nie zgadza w tym zamówieniu? Odrzuć je: zostanie anulowane, nic nie zostanie zapłacone, a asystent zostanie o tym poinformowany.',
    refuseButton: 'Odrzuć to zamówienie',
    orderStatusLink: 'Śledź zamówienie',
    notFoundTitle: 'Nieprawidłowy link', notFoundText: 'Ten link jest nieprawidłowy lub wygasł.',
    orderTitle: 'Zamówienie {label}', orderPlaced: 'Złożone {date}', orderStatus: 'Status', statusProcessing: 'W przygotowaniu',
    shipment: 'Wysyłka', backorder: 'Na zamówienie: wyślemy po uzupełnieniu zapasów', events: 'Historia',
    noShipping: 'Nic do wysłania: dane dostępu przyjdą e-mailem.',
    statusPartiallyShipped: 'Wysłane częściowo', statusShipped: 'Wysłane', statusDelivered: 'Dostarczone', statusCanceled: 'Anulowane',
    eventShipped: 'Wysłano', eventDelivered: 'Dostarczono', carrier: 'Przewoźnik', trackingNumber: 'Numer przesyłki',
    trackParcel: 'Śledź przesyłkę', adjustments: 'Anulowania i zwroty', adjustmentCancellation: 'Zamówienie anulowane', adjustmentRefund: 'Zwrot {amount}',
    itemsStatus: 'Status produktów', linePartial: 'Wysłano {shipped} z {quantity}', lineShipped: 'Wysłano', lineDelivered: 'Dostarczono',
    lineRemoved: 'Anulowano',
  },
  es: {
    reviewTitle: 'Revisa y confirma tu pedido',
    reviewIntro: 'Tu asistente de compras ha preparado este pedido en {store}. Solo se realiza si lo confirmas con el botón de abajo.',
    items: 'Artículos', item: 'Artículo', quantity: 'Cantidad', unitPrice: 'Precio unitario', lineTotal: 'Total',
    subtotal: 'Subtotal', shipping: 'Envío', total: 'Total a pagar',
    deliveryHeading: 'Entrega', deliveryAddress: 'Dirección de entrega', deliveryMethod: 'Método de envío', contactEmail: 'Correo para la confirmación',
    legal: 'Al hacer el pedido aceptas nuestras {terms}. Tienes un {withdrawal} de 14 días desde la entrega.',
    termsLink: 'condiciones generales de venta', withdrawalLink: 'derecho de desistimiento',
    orderButton: 'Pedido con obligación de pago',
    afterNote: 'Tu confirmación vale 15 minutos para exactamente este pedido; después el asistente completa el pago. Cualquier cambio requiere una nueva confirmación.',
    approved: 'Pedido confirmado. Tu asistente ya puede completar el pago, hasta las {time}.',
    incomplete: 'Este pedido aún no está completo: tu asistente todavía debe indicar algunos datos (dirección, método de envío…). Vuelve después a esta página.',
    changed: 'El pedido ha cambiado desde que abriste esta página. Revísalo de nuevo antes de confirmar.',
    completedNotice: 'Este pedido se ha realizado con el número {label}.',
    canceledNotice: 'Este pedido se ha cancelado o ha caducado; ya no se puede realizar.',
    refusedNotice: 'Has rechazado este pedido: está cancelado y no se ha pagado nada. Tu asistente ha sido informado.',
    declinedNotice: 'El último pago fue rechazado y no se ha cobrado nada. Para que tu asistente pueda volver a intentarlo, revisa el medio de pago de abajo y confirma de nuevo.',
    paymentHeading: 'Pago', handlerSandboxCard: 'Tarjeta de pago (modo de prueba)', cardEnding: 'terminada en {digits}',
    paymentNamed: 'Tu asistente pagará con: {instrument}. Tu confirmación vale solo para este medio de pago.',
    paymentAccepted: 'Medios de pago aceptados: {handlers}. Tu asistente elegirá cuál usar en el momento de pagar.',
    refuseIntro: '¿No es el pedido que querías? Recházalo: se cancelará, no se pagará nada y tu asistente quedará informado.',
    refuseButton: 'Rechazar este pedido',
    orderStatusLink: 'Seguir el pedido',
    notFoundTitle: 'Enlace no válido', notFoundText: 'Este enlace no es válido o ha caducado.',
    orderTitle: 'Pedido {label}', orderPlaced: 'Realizado el {date}', orderStatus: 'Estado', statusProcessing: 'En preparación',
    shipment: 'Envío', backorder: 'Pendiente de reposición: se envía al recibir existencias', events: 'Seguimiento',
    noShipping: 'Nada que enviar: los datos de acceso llegan por correo.',
    statusPartiallyShipped: 'Enviado en parte', statusShipped: 'Enviado', statusDelivered: 'Entregado', statusCanceled: 'Cancelado',
    eventShipped: 'Enviado', eventDelivered: 'Entregado', carrier: 'Transportista', trackingNumber: 'Número de seguimiento',
    trackParcel: 'Seguir el paquete', adjustments: 'Cancelaciones y reembolsos', adjustmentCancellation: 'Pedido cancelado', adjustmentRefund: 'Reembolso de {amount}',
    itemsStatus: 'Estado de los artículos', linePartial: '{shipped} de {quantity} enviados', lineShipped: 'Enviado', lineDelivered: 'Entregado',
    lineRemoved: 'Cancelado',
  },
  sv: {
    reviewTitle: 'Granska och bekräfta din beställning',
    reviewIntro: 'Din shoppingassistent har förberett den här beställningen hos {store}. Den läggs bara om du bekräftar den med knappen nedan.',
    items: 'Artiklar', item: 'Artikel', quantity: 'Antal', unitPrice: 'Styckpris', lineTotal: 'Summa',
    subtotal: 'Delsumma', shipping: 'Frakt', total: 'Att betala',
    deliveryHeading: 'Leverans', deliveryAddress: 'Leveransadress', deliveryMethod: 'Leveranssätt', contactEmail: 'E-post för bekräftelsen',
    legal: 'Genom att beställa godkänner du våra {terms}. Du har {withdrawal} i 14 dagar efter leveransen.',
    termsLink: 'allmänna försäljningsvillkor', withdrawalLink: 'ångerrätt',
    orderButton: 'Beställ med betalningsskyldighet',
    afterNote: 'Din bekräftelse gäller i 15 minuter för exakt den här beställningen; sedan slutför din assistent betalningen. Varje ändring kräver en ny bekräftelse.',
    approved: 'Beställningen är bekräftad. Din assistent kan nu slutföra betalningen, fram till kl. {time}.',
    incomplete: 'Beställningen är inte komplett än: din assistent behöver ange vissa uppgifter (adress, leveranssätt …). Kom sedan tillbaka till den här sidan.',
    changed: 'Beställningen har ändrats sedan du öppnade sidan. Granska den igen innan du bekräftar.',
    completedNotice: 'Beställningen är lagd med nummer {label}.',
    canceledNotice: 'Beställningen har avbrutits eller gått ut och kan inte längre läggas.',
    refusedNotice: 'Du har avvisat beställningen: den är avbruten och inget har betalats. Din assistent har fått veta det.',
    declinedNotice: 'Den senaste betalningen avvisades och inget har dragits. Kontrollera betalsättet nedan och bekräfta på nytt, så kan din assistent försöka igen.',
    paymentHeading: 'Betalning', handlerSandboxCard: 'Betalkort (testläge)', cardEnding: 'som slutar på {digits}',
    paymentNamed: 'Din assistent betalar med: {instrument}. Din bekräftelse gäller bara det här betalsättet.',
    paymentAccepted: 'Godkända betalsätt: {handlers}. Din assistent väljer vilket som används vid betalningen.',
    refuseIntro: 'Är det inte den beställning du ville ha? Avvisa den: den avbryts, inget betalas och din assistent får veta det.',
    refuseButton: 'Avvisa beställningen',
    orderStatusLink: 'Följ beställningen',
    notFoundTitle: 'Ogiltig länk', notFoundText: 'Länken är ogiltig eller har gått ut.',
    orderTitle: 'Beställning {label}', orderPlaced: 'Lagd {date}', orderStatus: 'Status', statusProcessing: 'Förbereds',
    shipment: 'Leverans', backorder: 'Restnoterad: skickas när varan finns i lager', events: 'Händelser',
    noShipping: 'Inget att skicka: åtkomstuppgifterna kommer via e-post.',
    statusPartiallyShipped: 'Delvis skickad', statusShipped: 'Skickad', statusDelivered: 'Levererad', statusCanceled: 'Avbokad',
    eventShipped: 'Skickat', eventDelivered: 'Levererat', carrier: 'Transportör', trackingNumber: 'Spårningsnummer',
    trackParcel: 'Spåra paketet', adjustments: 'Avbokningar och återbetalningar', adjustmentCancellation: 'Beställningen avbokad', adjustmentRefund: 'Återbetalning på {amount}',
    itemsStatus: 'Status för artiklarna', linePartial: '{shipped} av {quantity} skickade', lineShipped: 'Skickad', lineDelivered: 'Levererad',
    lineRemoved: 'Avbokad',
  },
  da: {
    reviewTitle: 'Gennemse og bekræft din bestilling',
    reviewIntro: 'Din indkøbsassistent har forberedt denne bestilling hos {store}. Den afgives kun, hvis du bekræfter den med knappen nedenfor.',
    items: 'Varer', item: 'Vare', quantity: 'Antal', unitPrice: 'Stykpris', lineTotal: 'I alt',
    subtotal: 'Subtotal', shipping: 'Fragt', total: 'At betale',
    deliveryHeading: 'Levering', deliveryAddress: 'Leveringsadresse', deliveryMethod: 'Leveringsmåde', contactEmail: 'E-mail til bekræftelsen',
    legal: 'Når du bestiller, accepterer du vores {terms}. Du har {withdrawal} i 14 dage efter leveringen.',
    termsLink: 'generelle salgsbetingelser', withdrawalLink: 'fortrydelsesret',
    orderButton: 'Bestil med betalingsforpligtelse',
    afterNote: 'Din bekræftelse gælder i 15 minutter for præcis denne bestilling; derefter gennemfører din assistent betalingen. Enhver ændring kræver en ny bekræftelse.',
    approved: 'Bestillingen er bekræftet. Din assistent kan nu gennemføre betalingen, indtil kl. {time}.',
    incomplete: 'Bestillingen er ikke komplet endnu: din assistent mangler at angive nogle oplysninger (adresse, leveringsmåde …). Kom tilbage til denne side bagefter.',
    changed: 'Bestillingen er ændret, siden du åbnede siden. Gennemse den igen, før du bekræfter.',
    completedNotice: 'Bestillingen er afgivet med nummer {label}.',
    canceledNotice: 'Bestillingen er annulleret eller udløbet og kan ikke længere afgives.',
    refusedNotice: 'Du har afvist bestillingen: den er annulleret, og der er ikke betalt noget. Din assistent har fået besked.',
    declinedNotice: 'Den seneste betaling blev afvist, og der er ikke trukket noget. Kontrollér betalingsmåden nedenfor, og bekræft igen, så din assistent kan prøve igen.',
    paymentHeading: 'Betaling', handlerSandboxCard: 'Betalingskort (testtilstand)', cardEnding: 'der ender på {digits}',
    paymentNamed: 'Din assistent betaler med: {instrument}. Din bekræftelse gælder kun denne betalingsmåde.',
    paymentAccepted: 'Accepterede betalingsmåder: {handlers}. Din assistent vælger, hvilken der bruges ved betalingen.',
    refuseIntro: 'Er det ikke den bestilling, du ønskede? Afvis den: den annulleres, der betales intet, og din assistent får besked.',
    refuseButton: 'Afvis bestillingen',
    orderStatusLink: 'Følg bestillingen',
    notFoundTitle: 'Ugyldigt link', notFoundText: 'Linket er ugyldigt eller udløbet.',
    orderTitle: 'Bestilling {label}', orderPlaced: 'Afgivet {date}', orderStatus: 'Status', statusProcessing: 'Under forberedelse',
    shipment: 'Forsendelse', backorder: 'I restordre: sendes, når varen er på lager igen', events: 'Forløb',
    noShipping: 'Intet at sende: adgangsoplysningerne kommer på e-mail.',
    statusPartiallyShipped: 'Delvist sendt', statusShipped: 'Sendt', statusDelivered: 'Leveret', statusCanceled: 'Annulleret',
    eventShipped: 'Sendt', eventDelivered: 'Leveret', carrier: 'Fragtfirma', trackingNumber: 'Sporingsnummer',
    trackParcel: 'Følg pakken', adjustments: 'Annulleringer og refusioner', adjustmentCancellation: 'Bestillingen er annulleret', adjustmentRefund: 'Refusion på {amount}',
    itemsStatus: 'Varernes status', linePartial: '{shipped} af {quantity} sendt', lineShipped: 'Sendt', lineDelivered: 'Leveret',
    lineRemoved: 'Annulleret',
  },
};

/** The checkout and order page strings of a locale. */
export function checkoutUi(locale: Locale): CheckoutUi {
  return UI[locale];
}
