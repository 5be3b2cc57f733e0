/**
 * UI strings of the one-time code step of the approval page (src/http/html/approval-page.ts;
 * rules in src/commerce/approval-code.ts), in the store's 12 locales. Placeholders `{name}` are
 * filled with `t()` of src/i18n/ui.ts.
 */
import type { Locale } from '../catalog/locales';

export interface ApprovalCodeUi {
  /** `{email}`: why a code, and where it goes. */
  sendIntro: string;
  sendButton: string;
  /** `{email}`, `{time}`. */
  codeSent: string;
  /** Shown when the message could not be sent at once: the outbox retries it. */
  sendDelayed: string;
  codeLabel: string;
  codeHint: string;
  resendButton: string;
  /** `{tries}`. */
  wrongCode: string;
  deadCode: string;
  expiredCode: string;
  noCode: string;
  malformedCode: string;
  /** `{minutes}`. */
  tooMany: string;
}

const NB = '\u00a0';
/** Narrow no-break space: French puts one before : ; ? ! (the pages and the e-mails alike). */
const NNB = '\u202f';

const UI: Record<Locale, ApprovalCodeUi> = {
  fr: {
    sendIntro: `Pour confirmer, nous envoyons un code à usage unique à {email}. Vous seul pouvez le lire${NNB}: votre assistant ne le voit jamais.`,
    sendButton: 'Recevoir le code par e-mail',
    codeSent: `Code envoyé à {email} à {time}. Il est valable 10${NB}minutes.`,
    sendDelayed: `L'e-mail part dans un instant${NNB}; s'il n'arrive pas d'ici quelques minutes, demandez un nouveau code.`,
    codeLabel: 'Code reçu par e-mail',
    codeHint: '6 chiffres',
    resendButton: 'Envoyer un nouveau code',
    wrongCode: `Ce code n'est pas le bon. Essais restants${NNB}: {tries}.`,
    deadCode: `Trop d'essais erronés${NNB}: ce code ne fonctionne plus. Demandez un nouveau code.`,
    expiredCode: 'Ce code a expiré. Demandez un nouveau code.',
    noCode: `Demandez d'abord un code.`,
    malformedCode: 'Saisissez les 6 chiffres du code.',
    tooMany: `Trop de codes demandés. Réessayez dans {minutes}${NB}min.`,
  },
  en: {
    sendIntro: 'To confirm, we send a one-time code to {email}. Only you can read it: your assistant never sees it.',
    sendButton: 'Email me the code',
    codeSent: 'Code sent to {email} at {time}. It is valid for 10 minutes.',
    sendDelayed: 'The email is on its way; if it has not arrived within a few minutes, ask for a new code.',
    codeLabel: 'Code received by email',
    codeHint: '6 digits',
    resendButton: 'Send a new code',
    wrongCode: 'This code is not right. Tries left: {tries}.',
    deadCode: 'Too many wrong tries: this code no longer works. Ask for a new code.',
    expiredCode: 'This code has expired. Ask for a new code.',
    noCode: 'Ask for a code first.',
    malformedCode: 'Enter the 6 digits of the code.',
    tooMany: 'Too many codes requested. Try again in {minutes} min.',
  },
  de: {
    sendIntro: 'Zur Bestätigung senden wir einen Einmalcode an {email}. Nur Sie können ihn lesen: Ihr Assistent sieht ihn nie.',
    sendButton: 'Code per E-Mail erhalten',
    codeSent: `Code um {time} an {email} gesendet. Er ist 10${NB}Minuten gültig.`,
    sendDelayed: 'Die E-Mail wird gleich versendet. Sollte sie nicht innerhalb weniger Minuten ankommen, fordern Sie bitte einen neuen Code an.',
    codeLabel: 'Code aus der E-Mail',
    codeHint: '6 Ziffern',
    resendButton: 'Neuen Code senden',
    wrongCode: 'Dieser Code ist nicht korrekt. Verbleibende Versuche: {tries}.',
    deadCode: 'Zu viele Fehlversuche: Dieser Code ist nicht mehr gültig. Bitte fordern Sie einen neuen Code an.',
    expiredCode: 'Dieser Code ist abgelaufen. Bitte fordern Sie einen neuen Code an.',
    noCode: 'Bitte fordern Sie zuerst einen Code an.',
    malformedCode: 'Bitte geben Sie die 6 Ziffern des Codes ein.',
    tooMany: `Zu viele Codes angefordert. Bitte versuchen Sie es in {minutes}${NB}Min. erneut.`,
  },
  nl: {
    sendIntro: 'Ter bevestiging sturen we een eenmalige code naar {email}. Alleen jij kunt die lezen: je assistent krijgt hem nooit te zien.',
    sendButton: 'Code per e-mail ontvangen',
    codeSent: `Code verstuurd naar {email} om {time}. De code is 10${NB}minuten geldig.`,
    sendDelayed: 'De e-mail wordt zo verstuurd. Is hij na enkele minuten nog niet binnen? Vraag dan een nieuwe code aan.',
    codeLabel: 'Code uit de e-mail',
    codeHint: '6 cijfers',
    resendButton: 'Nieuwe code sturen',
    wrongCode: 'Deze code klopt niet. Resterende pogingen: {tries}.',
    deadCode: 'Te veel foute pogingen: deze code werkt niet meer. Vraag een nieuwe code aan.',
    expiredCode: 'Deze code is verlopen. Vraag een nieuwe code aan.',
    noCode: 'Vraag eerst een code aan.',
    malformedCode: 'Vul de 6 cijfers van de code in.',
    tooMany: `Te veel codes aangevraagd. Probeer het over {minutes}${NB}min opnieuw.`,
  },
  cs: {
    sendIntro: 'Pro potvrzení vám pošleme jednorázový kód na {email}. Přečíst si ho můžete jen vy: váš asistent ho nikdy neuvidí.',
    sendButton: 'Poslat kód e-mailem',
    codeSent: `Kód byl odeslán na {email} v {time}. Platí 10${NB}minut.`,
    sendDelayed: 'E-mail bude za okamžik odeslán. Pokud do několika minut nedorazí, vyžádejte si nový kód.',
    codeLabel: 'Kód z e-mailu',
    codeHint: '6 číslic',
    resendButton: 'Poslat nový kód',
    wrongCode: 'Tento kód není správný. Zbývající pokusy: {tries}.',
    deadCode: 'Příliš mnoho chybných pokusů: tento kód už nefunguje. Vyžádejte si nový kód.',
    expiredCode: 'Platnost kódu vypršela. Vyžádejte si nový kód.',
    noCode: 'Nejprve si vyžádejte kód.',
    malformedCode: 'Zadejte všech 6 číslic kódu.',
    tooMany: `Vyžádali jste si příliš mnoho kódů. Zkuste to znovu za {minutes}${NB}min.`,
  },
  ru: {
    sendIntro: 'Для подтверждения мы отправим одноразовый код на {email}. Прочитать его можете только вы: ваш помощник его никогда не увидит.',
    sendButton: 'Получить код по e-mail',
    codeSent: `Код отправлен на {email} в {time}. Он действует 10${NB}минут.`,
    sendDelayed: 'Письмо вот-вот будет отправлено. Если оно не придёт в течение нескольких минут, запросите новый код.',
    codeLabel: 'Код из письма',
    codeHint: '6 цифр',
    resendButton: 'Отправить новый код',
    wrongCode: 'Неверный код. Осталось попыток: {tries}.',
    deadCode: 'Слишком много неверных попыток: этот код больше не действует. Запросите новый код.',
    expiredCode: 'Срок действия кода истёк. Запросите новый код.',
    noCode: 'Сначала запросите код.',
    malformedCode: 'Введите 6 цифр кода.',
    tooMany: `Слишком много запросов кода. Повторите попытку через {minutes}${NB}мин.`,
  },
  it: {
    sendIntro: 'Per la conferma inviamo un codice monouso a {email}. Solo tu puoi leggerlo: il tuo assistente non lo vede mai.',
    sendButton: 'Invia il codice via e-mail',
    codeSent: `Codice inviato a {email} alle {time}. È valido per 10${NB}minuti.`,
    sendDelayed: `L'e-mail sta per partire; se non arriva entro qualche minuto, richiedi un nuovo codice.`,
    codeLabel: 'Codice ricevuto via e-mail',
    codeHint: '6 cifre',
    resendButton: 'Invia un nuovo codice',
    wrongCode: 'Il codice non è corretto. Tentativi rimasti: {tries}.',
    deadCode: 'Troppi tentativi errati: questo codice non è più valido. Richiedi un nuovo codice.',
    expiredCode: 'Questo codice è scaduto. Richiedi un nuovo codice.',
    noCode: 'Richiedi prima un codice.',
    malformedCode: 'Inserisci le 6 cifre del codice.',
    tooMany: `Troppi codici richiesti. Riprova tra {minutes}${NB}min.`,
  },
  pt: {
    sendIntro: 'Para confirmar, enviamos um código de utilização única para {email}. O código destina-se apenas a si: o seu assistente nunca o vê.',
    sendButton: 'Receber o código por e-mail',
    codeSent: `Código enviado para {email} às {time}. É válido durante 10${NB}minutos.`,
    sendDelayed: 'O e-mail será enviado dentro de instantes; se não chegar nos próximos minutos, peça um novo código.',
    codeLabel: 'Código recebido por e-mail',
    codeHint: '6 algarismos',
    resendButton: 'Enviar um novo código',
    wrongCode: 'O código não está correto. Tentativas restantes: {tries}.',
    deadCode: 'Demasiadas tentativas erradas: este código já não funciona. Peça um novo código.',
    expiredCode: 'Este código expirou. Peça um novo código.',
    noCode: 'Peça primeiro um código.',
    malformedCode: 'Introduza os 6 algarismos do código.',
    tooMany: `Foram pedidos demasiados códigos. Tente novamente dentro de {minutes}${NB}min.`,
  },
  pl: {
    sendIntro: 'W celu potwierdzenia wyślemy jednorazowy kod na adres {email}. Tylko Ty możesz go przeczytać: Twój asystent zakupowy nigdy go nie widzi.',
    sendButton: 'Wyślij kod e-mailem',
    codeSent: `Kod wysłano na adres {email} o {time}. Jest ważny przez 10${NB}minut.`,
    sendDelayed: 'Wiadomość zostanie wysłana za chwilę. Jeśli nie dotrze w ciągu kilku minut, poproś o nowy kod.',
    codeLabel: 'Kod z wiadomości e-mail',
    codeHint: '6 cyfr',
    resendButton: 'Wyślij nowy kod',
    wrongCode: 'Nieprawidłowy kod. Pozostałe próby: {tries}.',
    deadCode: 'Zbyt wiele błędnych prób: ten kod przestał działać. Poproś o nowy kod.',
    expiredCode: 'Ten kod wygasł. Poproś o nowy kod.',
    noCode: 'Najpierw poproś o kod.',
    malformedCode: 'Wpisz 6 cyfr kodu.',
    tooMany: `Zbyt wiele próśb o kod. Spróbuj ponownie za {minutes}${NB}min.`,
  },
  es: {
    sendIntro: 'Para confirmar, enviamos un código de un solo uso a {email}. Solo tú puedes leerlo: tu asistente nunca lo ve.',
    sendButton: 'Recibir el código por correo electrónico',
    codeSent: `Código enviado a {email} a las {time}. Es válido durante 10${NB}minutos.`,
    sendDelayed: 'El correo saldrá en un momento; si no llega en unos minutos, solicita un código nuevo.',
    codeLabel: 'Código recibido por correo electrónico',
    codeHint: '6 dígitos',
    resendButton: 'Enviar un código nuevo',
    wrongCode: 'El código no es correcto. Intentos restantes: {tries}.',
    deadCode: 'Demasiados intentos fallidos: este código ya no funciona. Solicita un código nuevo.',
    expiredCode: 'Este código ha caducado. Solicita un código nuevo.',
    noCode: 'Primero solicita un código.',
    malformedCode: 'Introduce los 6 dígitos del código.',
    tooMany: `Has solicitado demasiados códigos. Vuelve a intentarlo dentro de {minutes}${NB}min.`,
  },
  sv: {
    sendIntro: 'För att bekräfta skickar vi en engångskod till {email}. Bara du kan läsa den: din assistent ser den aldrig.',
    sendButton: 'Få koden via e-post',
    codeSent: `Koden skickades till {email} kl. {time}. Den gäller i 10${NB}minuter.`,
    sendDelayed: 'E-postmeddelandet skickas om en liten stund. Om det inte har kommit fram inom några minuter kan du begära en ny kod.',
    codeLabel: 'Kod från e-postmeddelandet',
    codeHint: '6 siffror',
    resendButton: 'Skicka en ny kod',
    wrongCode: 'Koden är inte rätt. Försök kvar: {tries}.',
    deadCode: 'För många felaktiga försök: koden fungerar inte längre. Begär en ny kod.',
    expiredCode: 'Koden har gått ut. Begär en ny kod.',
    noCode: 'Begär en kod först.',
    malformedCode: 'Ange kodens 6 siffror.',
    tooMany: `För många koder har begärts. Försök igen om {minutes}${NB}min.`,
  },
  da: {
    sendIntro: 'For at bekræfte sender vi en engangskode til {email}. Kun du kan læse den: din assistent ser den aldrig.',
    sendButton: 'Få koden på e-mail',
    codeSent: `Koden blev sendt til {email} kl. {time}. Den er gyldig i 10${NB}minutter.`,
    sendDelayed: 'E-mailen bliver sendt om et øjeblik. Hvis den ikke er kommet inden for et par minutter, kan du bede om en ny kode.',
    codeLabel: 'Kode fra e-mailen',
    codeHint: '6 cifre',
    resendButton: 'Send en ny kode',
    wrongCode: 'Koden er forkert. Forsøg tilbage: {tries}.',
    deadCode: 'For mange forkerte forsøg: koden virker ikke længere. Bed om en ny kode.',
    expiredCode: 'Koden er udløbet. Bed om en ny kode.',
    noCode: 'Bed først om en kode.',
    malformedCode: 'Indtast kodens 6 cifre.',
    tooMany: `Der er anmodet om for mange koder. Prøv igen om {minutes}${NB}min.`,
  },
};

/** The code-step strings of a locale. */
export function approvalCodeUi(locale: Locale): ApprovalCodeUi {
  return UI[locale] ?? UI.fr;
}
