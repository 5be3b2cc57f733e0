/**
 * UI strings of the e-mails the store sends (src/mail/), in the store's 12 locales: the
 * buyer's one-time approval code and the order confirmation, which EU law wants on a durable
 * medium with the right of withdrawal (Directive 2011/83/EU art. 8(7)). Placeholders `{name}`
 * are filled with `t()` of src/i18n/ui.ts. Table labels (item, quantity, totals, address) come
 * from src/i18n/checkout-ui.ts, the same words as the approval page.
 */
import type { Locale } from '../catalog/locales';

export interface MailUi {
  /** `{code}`, `{store}`. */
  codeSubject: string;
  /** `{store}`, `{amount}`. */
  codeIntro: string;
  codeValidity: string;
  codeNotYou: string;
  /** `{label}`, `{store}`. */
  confirmSubject: string;
  /** `{label}`, `{amount}`. */
  confirmIntro: string;
  orderLink: string;
  /** Followed by the link to the withdrawal page. */
  withdrawal: string;
  withdrawalLink: string;
  termsLink: string;
  privacyLink: string;
  contactLink: string;
  /** `{email}`. */
  footerHelp: string;
}

const NB = '\u00a0';

const UI: Record<Locale, MailUi> = {
  fr: {
    codeSubject: '{code} est votre code de confirmation — {store}',
    codeIntro: `Pour confirmer votre commande de {amount} chez {store}, saisissez ce code sur la page de confirmation${NB}:`,
    codeValidity: `Ce code est valable 10${NB}minutes, pour cette commande uniquement.`,
    codeNotYou: `Vous n'avez rien demandé${NB}? Ignorez ce message${NB}: sans ce code, rien n'est commandé ni payé.`,
    confirmSubject: 'Commande {label} confirmée — {store}',
    confirmIntro: `Merci${NB}! Nous avons bien reçu votre commande {label} et votre paiement de {amount}.`,
    orderLink: 'Suivre ma commande',
    withdrawal: `Vous pouvez vous rétracter dans les 14${NB}jours suivant la livraison${NB}:`,
    withdrawalLink: 'droit de rétractation et formulaire',
    termsLink: 'Conditions générales de vente',
    privacyLink: 'Confidentialité',
    contactLink: 'Contact',
    footerHelp: `Message envoyé automatiquement. Une question${NB}? Écrivez-nous à {email}.`,
  },
  en: {
    codeSubject: '{code} is your confirmation code — {store}',
    codeIntro: 'To confirm your order of {amount} at {store}, enter this code on the confirmation page:',
    codeValidity: 'This code is valid for 10 minutes, for this order only.',
    codeNotYou: 'Did not ask for it? Ignore this message: without this code nothing is ordered or paid.',
    confirmSubject: 'Order {label} confirmed — {store}',
    confirmIntro: 'Thank you! We have received your order {label} and your payment of {amount}.',
    orderLink: 'Follow my order',
    withdrawal: 'You may withdraw from this purchase within 14 days of delivery:',
    withdrawalLink: 'right of withdrawal and form',
    termsLink: 'Terms of sale',
    privacyLink: 'Privacy',
    contactLink: 'Contact',
    footerHelp: 'Sent automatically. A question? Write to us at {email}.',
  },
  de: {
    codeSubject: '{code} ist Ihr Bestätigungscode — {store}',
    codeIntro: 'Um Ihre Bestellung über {amount} bei {store} zu bestätigen, geben Sie bitte diesen Code auf der Bestätigungsseite ein:',
    codeValidity: `Dieser Code ist 10${NB}Minuten lang gültig und gilt nur für diese Bestellung.`,
    codeNotYou: 'Sie haben keinen Code angefordert? Dann ignorieren Sie diese Nachricht einfach: Ohne diesen Code wird nichts bestellt oder bezahlt.',
    confirmSubject: 'Bestellung {label} bestätigt — {store}',
    confirmIntro: 'Vielen Dank! Wir haben Ihre Bestellung {label} und Ihre Zahlung über {amount} erhalten.',
    orderLink: 'Bestellung verfolgen',
    withdrawal: `Sie können diesen Kauf innerhalb von 14${NB}Tagen ab Lieferung widerrufen:`,
    withdrawalLink: 'Widerrufsrecht und Widerrufsformular',
    termsLink: 'Allgemeine Geschäftsbedingungen',
    privacyLink: 'Datenschutz',
    contactLink: 'Kontakt',
    footerHelp: 'Diese Nachricht wurde automatisch versendet. Haben Sie Fragen? Schreiben Sie uns an {email}.',
  },
  nl: {
    codeSubject: '{code} is je bevestigingscode — {store}',
    codeIntro: 'Om je bestelling van {amount} bij {store} te bevestigen, voer je deze code in op de bevestigingspagina:',
    codeValidity: `Deze code is 10${NB}minuten geldig en alleen voor deze bestelling.`,
    codeNotYou: 'Heb je niets aangevraagd? Dan kun je dit bericht negeren: zonder deze code wordt er niets besteld of betaald.',
    confirmSubject: 'Bestelling {label} bevestigd — {store}',
    confirmIntro: 'Hartelijk dank! We hebben je bestelling {label} en je betaling van {amount} goed ontvangen.',
    orderLink: 'Mijn bestelling volgen',
    withdrawal: `Je kunt deze aankoop binnen 14${NB}dagen na levering herroepen:`,
    withdrawalLink: 'herroepingsrecht en herroepingsformulier',
    termsLink: 'Algemene verkoopvoorwaarden',
    privacyLink: 'Privacy',
    contactLink: 'Contact',
    footerHelp: 'Dit bericht is automatisch verzonden. Heb je een vraag? Mail ons op {email}.',
  },
  cs: {
    codeSubject: '{code} je váš potvrzovací kód — {store}',
    codeIntro: 'Pro potvrzení objednávky v hodnotě {amount} v obchodě {store} zadejte na potvrzovací stránce tento kód:',
    codeValidity: `Kód platí 10${NB}minut, a to pouze pro tuto objednávku.`,
    codeNotYou: 'Nežádali jste o kód? Tuto zprávu ignorujte: bez tohoto kódu se nic neobjedná ani nezaplatí.',
    confirmSubject: 'Objednávka {label} potvrzena — {store}',
    confirmIntro: 'Děkujeme! Vaši objednávku {label} i platbu {amount} jsme v pořádku přijali.',
    orderLink: 'Sledovat objednávku',
    withdrawal: `Od kupní smlouvy můžete odstoupit do 14${NB}dnů od doručení:`,
    withdrawalLink: 'právo na odstoupení od smlouvy a formulář',
    termsLink: 'Všeobecné obchodní podmínky',
    privacyLink: 'Ochrana osobních údajů',
    contactLink: 'Kontakt',
    footerHelp: 'Tato zpráva byla odeslána automaticky. Máte dotaz? Napište nám na {email}.',
  },
  ru: {
    codeSubject: '{code}: ваш код подтверждения — {store}',
    codeIntro: 'Чтобы подтвердить заказ на сумму {amount} в магазине {store}, введите этот код на странице подтверждения:',
    codeValidity: `Код действует 10${NB}минут и только для этого заказа.`,
    codeNotYou: 'Вы не запрашивали код? Просто проигнорируйте это письмо: без этого кода ничего не будет ни заказано, ни оплачено.',
    confirmSubject: 'Заказ {label} подтверждён — {store}',
    confirmIntro: 'Спасибо! Мы получили ваш заказ {label} и оплату на сумму {amount}.',
    orderLink: 'Отслеживать заказ',
    withdrawal: `Вы можете отказаться от покупки в течение 14${NB}дней после доставки:`,
    withdrawalLink: 'право на отказ от покупки и форма заявления',
    termsLink: 'Общие условия продажи',
    privacyLink: 'Конфиденциальность',
    contactLink: 'Контакты',
    footerHelp: 'Это письмо отправлено автоматически. Есть вопросы? Напишите нам на {email}.',
  },
  it: {
    codeSubject: '{code} è il tuo codice di conferma — {store}',
    codeIntro: `Per confermare il tuo ordine di {amount} su {store}, inserisci questo codice nella pagina di conferma:`,
    codeValidity: `Il codice è valido per 10${NB}minuti e solo per questo ordine.`,
    codeNotYou: 'Non hai richiesto alcun codice? Ignora questo messaggio: senza questo codice non viene ordinato né pagato nulla.',
    confirmSubject: 'Ordine {label} confermato — {store}',
    confirmIntro: 'Grazie! Abbiamo ricevuto il tuo ordine {label} e il pagamento di {amount}.',
    orderLink: `Stato dell'ordine`,
    withdrawal: `Puoi recedere dall'acquisto entro 14${NB}giorni dalla consegna:`,
    withdrawalLink: 'diritto di recesso e modulo',
    termsLink: 'Condizioni generali di vendita',
    privacyLink: 'Privacy',
    contactLink: 'Contatti',
    footerHelp: 'Messaggio inviato automaticamente. Per qualsiasi domanda scrivici a {email}.',
  },
  pt: {
    codeSubject: '{code} é o seu código de confirmação — {store}',
    codeIntro: 'Para confirmar a sua encomenda de {amount} na {store}, introduza este código na página de confirmação:',
    codeValidity: `Este código é válido durante 10${NB}minutos e apenas para esta encomenda.`,
    codeNotYou: 'Não pediu este código? Ignore esta mensagem: sem este código, nada é encomendado nem pago.',
    confirmSubject: 'Encomenda {label} confirmada — {store}',
    confirmIntro: 'Obrigado! Recebemos a sua encomenda {label} e o seu pagamento de {amount}.',
    orderLink: 'Acompanhar a minha encomenda',
    withdrawal: `Pode resolver o contrato no prazo de 14${NB}dias a contar da entrega:`,
    withdrawalLink: 'direito de livre resolução e formulário',
    termsLink: 'Condições gerais de venda',
    privacyLink: 'Privacidade',
    contactLink: 'Contacto',
    footerHelp: 'Mensagem enviada automaticamente. Alguma dúvida? Escreva-nos para {email}.',
  },
  pl: {
    codeSubject: '{code} to Twój kod potwierdzający zamówienie — {store}',
    codeIntro: 'Aby potwierdzić zamówienie na kwotę {amount} w sklepie {store}, wpisz ten kod na stronie potwierdzenia:',
    codeValidity: `Kod jest ważny przez 10${NB}minut i tylko dla tego zamówienia.`,
    codeNotYou: 'Nie oczekujesz tej wiadomości? Po prostu ją zignoruj: bez tego kodu nic nie zostanie zamówione ani opłacone.',
    confirmSubject: 'Zamówienie {label} potwierdzone — {store}',
    confirmIntro: 'Dziękujemy! Otrzymaliśmy Twoje zamówienie {label} oraz płatność w wysokości {amount}.',
    orderLink: 'Śledź zamówienie',
    withdrawal: `Możesz odstąpić od umowy w ciągu 14${NB}dni od dostawy:`,
    withdrawalLink: 'prawo odstąpienia od umowy i formularz',
    termsLink: 'Ogólne warunki sprzedaży',
    privacyLink: 'Polityka prywatności',
    contactLink: 'Kontakt',
    footerHelp: 'Wiadomość wysłana automatycznie. Masz pytania? Napisz do nas na adres {email}.',
  },
  es: {
    codeSubject: '{code} es tu código de confirmación — {store}',
    codeIntro: 'Para confirmar tu pedido de {amount} en {store}, introduce este código en la página de confirmación:',
    codeValidity: `Este código es válido durante 10${NB}minutos y solo para este pedido.`,
    codeNotYou: '¿No lo has solicitado? Ignora este mensaje: sin este código no se pide ni se paga nada.',
    confirmSubject: 'Pedido {label} confirmado — {store}',
    confirmIntro: '¡Gracias! Hemos recibido tu pedido {label} y tu pago de {amount}.',
    orderLink: 'Seguir mi pedido',
    withdrawal: `Puedes desistir de esta compra en un plazo de 14${NB}días desde la entrega:`,
    withdrawalLink: 'derecho de desistimiento y formulario',
    termsLink: 'Condiciones generales de venta',
    privacyLink: 'Privacidad',
    contactLink: 'Contacto',
    footerHelp: 'Mensaje enviado automáticamente. ¿Alguna duda? Escríbenos a {email}.',
  },
  sv: {
    codeSubject: '{code} är din bekräftelsekod — {store}',
    codeIntro: 'Ange den här koden på bekräftelsesidan för att bekräfta din beställning på {amount} hos {store}:',
    codeValidity: `Koden gäller i 10${NB}minuter och bara för den här beställningen.`,
    codeNotYou: 'Har du inte begärt någon kod? Då kan du bortse från det här meddelandet: utan koden beställs eller betalas ingenting.',
    confirmSubject: 'Beställning {label} bekräftad — {store}',
    confirmIntro: 'Tack! Vi har tagit emot din beställning {label} och din betalning på {amount}.',
    orderLink: 'Följ min beställning',
    withdrawal: `Du kan ångra köpet inom 14${NB}dagar från leveransen:`,
    withdrawalLink: 'ångerrätt och ångerblankett',
    termsLink: 'Allmänna försäljningsvillkor',
    privacyLink: 'Integritetspolicy',
    contactLink: 'Kontakt',
    footerHelp: 'Meddelandet har skickats automatiskt. Har du frågor? Skriv till oss på {email}.',
  },
  da: {
    codeSubject: '{code} er din bekræftelseskode — {store}',
    codeIntro: 'Indtast denne kode på bekræftelsessiden for at bekræfte din bestilling på {amount} hos {store}:',
    codeValidity: `Koden er gyldig i 10${NB}minutter og kun til denne bestilling.`,
    codeNotYou: 'Har du ikke bedt om en kode? Så kan du se bort fra denne besked: uden koden bliver intet bestilt eller betalt.',
    confirmSubject: 'Bestilling {label} bekræftet — {store}',
    confirmIntro: 'Tak! Vi har modtaget din bestilling {label} og din betaling på {amount}.',
    orderLink: 'Følg min bestilling',
    withdrawal: `Du kan fortryde købet inden for 14${NB}dage efter levering:`,
    withdrawalLink: 'fortrydelsesret og fortrydelsesformular',
    termsLink: 'Generelle salgsbetingelser',
    privacyLink: 'Privatlivspolitik',
    contactLink: 'Kontakt',
    footerHelp: 'Denne besked er sendt automatisk. Har du spørgsmål? Skriv til os på {email}.',
  },
};

/** The e-mail strings of a locale. */
export function mailUi(locale: Locale): MailUi {
  return UI[locale] ?? UI.fr;
}
