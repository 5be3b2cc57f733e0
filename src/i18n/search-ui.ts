/**
 * Words of the storefront's search in the 12 locales: the search box in every page's header,
 * its suggestions popup (src/scripts/predictive-search.ts) and the results page the function
 * renders (src/http/search-page.ts). Kept apart from src/i18n/ui.ts, which holds the words of
 * the static pages. Placeholders `{name}` are filled by `t()`; counts use CLDR plural categories.
 */
import type { Locale } from '../catalog/locales';
import type { Plural } from './ui';

export interface SearchStrings {
  /** Label of the search field and its button. */
  search: string;
  placeholder: string;
  /** Accessible name of the suggestions list. */
  suggestions: string;
  products: string;
  collections: string;
  pages: string;
  articles: string;
  /** Heading of the query suggestions ("pompes à eau"). */
  queries: string;
  /** Last option of the popup: the results page. */
  viewAll: string;
  /** Announced in the live region when suggestions are shown. */
  suggestionCount: Plural;
  noSuggestion: string;
  /** Results page. */
  title: string;
  resultsFor: string;
  resultCount: Plural;
  description: string;
  prompt: string;
  noResult: string;
  tryCollections: string;
}

const SEARCH: Record<Locale, SearchStrings> = {
  fr: {
    search: 'Rechercher', placeholder: 'Produit, rayon, guide…', suggestions: 'Suggestions de recherche',
    products: 'Produits', collections: 'Rayons', pages: 'Pages', articles: 'Guides', queries: 'Recherches suggérées',
    viewAll: 'Voir tous les résultats pour « {q} »',
    suggestionCount: { one: '{n} suggestion, flèches haut et bas pour parcourir', other: '{n} suggestions, flèches haut et bas pour parcourir' },
    noSuggestion: 'Aucune suggestion', title: 'Recherche', resultsFor: 'Résultats pour « {q} »',
    resultCount: { one: '{n} résultat', other: '{n} résultats' },
    description: 'Recherchez parmi nos produits, rayons, pages et guides.',
    prompt: 'Saisissez ce que vous cherchez : un produit, une marque, une question.',
    noResult: 'Aucun résultat pour « {q} ».', tryCollections: 'Parcourez plutôt nos rayons :',
  },
  en: {
    search: 'Search', placeholder: 'Product, collection, guide…', suggestions: 'Search suggestions',
    products: 'Products', collections: 'Collections', pages: 'Pages', articles: 'Guides', queries: 'Suggested searches',
    viewAll: 'View all results for “{q}”',
    suggestionCount: { one: '{n} suggestion, use up and down arrows to browse', other: '{n} suggestions, use up and down arrows to browse' },
    noSuggestion: 'No suggestions', title: 'Search', resultsFor: 'Results for “{q}”',
    resultCount: { one: '{n} result', other: '{n} results' },
    description: 'Search our products, collections, pages and guides.',
    prompt: 'Type what you are looking for: a product, a brand, a question.',
    noResult: 'No results for “{q}”.', tryCollections: 'Browse our collections instead:',
  },
  de: {
    search: 'Suchen', placeholder: 'Produkt, Kategorie, Ratgeber…', suggestions: 'Suchvorschläge',
    products: 'Produkte', collections: 'Kategorien', pages: 'Seiten', articles: 'Ratgeber', queries: 'Vorgeschlagene Suchen',
    viewAll: 'Alle Ergebnisse für „{q}“ anzeigen',
    suggestionCount: { one: '{n} Vorschlag, mit den Pfeiltasten nach oben und unten blättern', other: '{n} Vorschläge, mit den Pfeiltasten nach oben und unten blättern' },
    noSuggestion: 'Keine Vorschläge', title: 'Suche', resultsFor: 'Ergebnisse für „{q}“',
    resultCount: { one: '{n} Ergebnis', other: '{n} Ergebnisse' },
    description: 'Durchsuchen Sie unsere Produkte, Kategorien, Seiten und Ratgeber.',
    prompt: 'Geben Sie ein, was Sie suchen: ein Produkt, eine Marke, eine Frage.',
    noResult: 'Keine Ergebnisse für „{q}“.', tryCollections: 'Stöbern Sie stattdessen in unseren Kategorien:',
  },
  nl: {
    search: 'Zoeken', placeholder: 'Product, categorie, gids…', suggestions: 'Zoeksuggesties',
    products: 'Producten', collections: 'Categorieën', pages: "Pagina's", articles: 'Gidsen', queries: 'Voorgestelde zoekopdrachten',
    viewAll: 'Alle resultaten voor ‘{q}’ bekijken',
    suggestionCount: { one: '{n} suggestie, blader met de pijltjestoetsen omhoog en omlaag', other: '{n} suggesties, blader met de pijltjestoetsen omhoog en omlaag' },
    noSuggestion: 'Geen suggesties', title: 'Zoeken', resultsFor: 'Resultaten voor ‘{q}’',
    resultCount: { one: '{n} resultaat', other: '{n} resultaten' },
    description: "Zoek in onze producten, categorieën, pagina's en gidsen.",
    prompt: 'Typ wat u zoekt: een product, een merk, een vraag.',
    noResult: 'Geen resultaten voor ‘{q}’.', tryCollections: 'Bekijk in plaats daarvan onze categorieën:',
  },
  cs: {
    search: 'Hledat', placeholder: 'Produkt, kategorie, návod…', suggestions: 'Návrhy hledání',
    products: 'Produkty', collections: 'Kategorie', pages: 'Stránky', articles: 'Návody', queries: 'Navrhovaná hledání',
    viewAll: 'Zobrazit všechny výsledky pro „{q}“',
    suggestionCount: { one: '{n} návrh, procházejte šipkami nahoru a dolů', few: '{n} návrhy, procházejte šipkami nahoru a dolů', many: '{n} návrhu, procházejte šipkami nahoru a dolů', other: '{n} návrhů, procházejte šipkami nahoru a dolů' },
    noSuggestion: 'Žádné návrhy', title: 'Hledání', resultsFor: 'Výsledky pro „{q}“',
    resultCount: { one: '{n} výsledek', few: '{n} výsledky', many: '{n} výsledku', other: '{n} výsledků' },
    description: 'Hledejte v našich produktech, kategoriích, stránkách a návodech.',
    prompt: 'Napište, co hledáte: produkt, značku, otázku.',
    noResult: 'Pro „{q}“ nebyly nalezeny žádné výsledky.', tryCollections: 'Prohlédněte si raději naše kategorie:',
  },
  ru: {
    search: 'Поиск', placeholder: 'Товар, раздел, руководство…', suggestions: 'Подсказки поиска',
    products: 'Товары', collections: 'Разделы', pages: 'Страницы', articles: 'Руководства', queries: 'Похожие запросы',
    viewAll: 'Все результаты по запросу «{q}»',
    suggestionCount: { one: '{n} подсказка, листайте стрелками вверх и вниз', few: '{n} подсказки, листайте стрелками вверх и вниз', many: '{n} подсказок, листайте стрелками вверх и вниз', other: '{n} подсказки, листайте стрелками вверх и вниз' },
    noSuggestion: 'Нет подсказок', title: 'Поиск', resultsFor: 'Результаты по запросу «{q}»',
    resultCount: { one: '{n} результат', few: '{n} результата', many: '{n} результатов', other: '{n} результата' },
    description: 'Поиск по товарам, разделам, страницам и руководствам магазина.',
    prompt: 'Введите, что вы ищете: товар, марку, вопрос.',
    noResult: 'По запросу «{q}» ничего не найдено.', tryCollections: 'Загляните в наши разделы:',
  },
  it: {
    search: 'Cerca', placeholder: 'Prodotto, categoria, guida…', suggestions: 'Suggerimenti di ricerca',
    products: 'Prodotti', collections: 'Categorie', pages: 'Pagine', articles: 'Guide', queries: 'Ricerche suggerite',
    viewAll: 'Vedi tutti i risultati per «{q}»',
    suggestionCount: { one: '{n} suggerimento, usa le frecce su e giù per scorrere', other: '{n} suggerimenti, usa le frecce su e giù per scorrere' },
    noSuggestion: 'Nessun suggerimento', title: 'Ricerca', resultsFor: 'Risultati per «{q}»',
    resultCount: { one: '{n} risultato', other: '{n} risultati' },
    description: 'Cerca tra i nostri prodotti, categorie, pagine e guide.',
    prompt: 'Scrivi cosa stai cercando: un prodotto, una marca, una domanda.',
    noResult: 'Nessun risultato per «{q}».', tryCollections: 'Sfoglia invece le nostre categorie:',
  },
  pt: {
    search: 'Pesquisar', placeholder: 'Produto, categoria, guia…', suggestions: 'Sugestões de pesquisa',
    products: 'Produtos', collections: 'Categorias', pages: 'Páginas', articles: 'Guias', queries: 'Pesquisas sugeridas',
    viewAll: 'Ver todos os resultados para «{q}»',
    suggestionCount: { one: '{n} sugestão, use as setas para cima e para baixo para navegar', other: '{n} sugestões, use as setas para cima e para baixo para navegar' },
    noSuggestion: 'Sem sugestões', title: 'Pesquisa', resultsFor: 'Resultados para «{q}»',
    resultCount: { one: '{n} resultado', other: '{n} resultados' },
    description: 'Pesquise os nossos produtos, categorias, páginas e guias.',
    prompt: 'Escreva o que procura: um produto, uma marca, uma pergunta.',
    noResult: 'Sem resultados para «{q}».', tryCollections: 'Explore antes as nossas categorias:',
  },
  pl: {
    search: 'Szukaj', placeholder: 'Produkt, kategoria, poradnik…', suggestions: 'Podpowiedzi wyszukiwania',
    products: 'Produkty', collections: 'Kategorie', pages: 'Strony', articles: 'Poradniki', queries: 'Proponowane wyszukiwania',
    viewAll: 'Zobacz wszystkie wyniki dla „{q}”',
    suggestionCount: { one: '{n} podpowiedź, przeglądaj strzałkami w górę i w dół', few: '{n} podpowiedzi, przeglądaj strzałkami w górę i w dół', many: '{n} podpowiedzi, przeglądaj strzałkami w górę i w dół', other: '{n} podpowiedzi, przeglądaj strzałkami w górę i w dół' },
    noSuggestion: 'Brak podpowiedzi', title: 'Wyszukiwanie', resultsFor: 'Wyniki dla „{q}”',
    resultCount: { one: '{n} wynik', few: '{n} wyniki', many: '{n} wyników', other: '{n} wyniku' },
    description: 'Przeszukaj nasze produkty, kategorie, strony i poradniki.',
    prompt: 'Wpisz, czego szukasz: produkt, markę, pytanie.',
    noResult: 'Brak wyników dla „{q}”.', tryCollections: 'Zajrzyj do naszych kategorii:',
  },
  es: {
    search: 'Buscar', placeholder: 'Producto, categoría, guía…', suggestions: 'Sugerencias de búsqueda',
    products: 'Productos', collections: 'Categorías', pages: 'Páginas', articles: 'Guías', queries: 'Búsquedas sugeridas',
    viewAll: 'Ver todos los resultados de «{q}»',
    suggestionCount: { one: '{n} sugerencia, usa las flechas arriba y abajo para recorrerlas', other: '{n} sugerencias, usa las flechas arriba y abajo para recorrerlas' },
    noSuggestion: 'No hay sugerencias', title: 'Búsqueda', resultsFor: 'Resultados de «{q}»',
    resultCount: { one: '{n} resultado', other: '{n} resultados' },
    description: 'Busca entre nuestros productos, categorías, páginas y guías.',
    prompt: 'Escribe lo que buscas: un producto, una marca, una pregunta.',
    noResult: 'No hay resultados para «{q}».', tryCollections: 'Explora mejor nuestras categorías:',
  },
  sv: {
    search: 'Sök', placeholder: 'Produkt, kategori, guide…', suggestions: 'Sökförslag',
    products: 'Produkter', collections: 'Kategorier', pages: 'Sidor', articles: 'Guider', queries: 'Föreslagna sökningar',
    viewAll: 'Visa alla resultat för ”{q}”',
    suggestionCount: { one: '{n} förslag, bläddra med pil upp och pil ned', other: '{n} förslag, bläddra med pil upp och pil ned' },
    noSuggestion: 'Inga förslag', title: 'Sök', resultsFor: 'Resultat för ”{q}”',
    resultCount: { one: '{n} träff', other: '{n} träffar' },
    description: 'Sök bland våra produkter, kategorier, sidor och guider.',
    prompt: 'Skriv vad du letar efter: en produkt, ett märke, en fråga.',
    noResult: 'Inga träffar för ”{q}”.', tryCollections: 'Utforska våra kategorier i stället:',
  },
  da: {
    search: 'Søg', placeholder: 'Produkt, kategori, guide…', suggestions: 'Søgeforslag',
    products: 'Produkter', collections: 'Kategorier', pages: 'Sider', articles: 'Guides', queries: 'Foreslåede søgninger',
    viewAll: 'Se alle resultater for “{q}”',
    suggestionCount: { one: '{n} forslag, gennemse med pil op og pil ned', other: '{n} forslag, gennemse med pil op og pil ned' },
    noSuggestion: 'Ingen forslag', title: 'Søgning', resultsFor: 'Resultater for “{q}”',
    resultCount: { one: '{n} resultat', other: '{n} resultater' },
    description: 'Søg i vores produkter, kategorier, sider og guides.',
    prompt: 'Skriv, hvad du leder efter: et produkt, et mærke, et spørgsmål.',
    noResult: 'Ingen resultater for “{q}”.', tryCollections: 'Se i stedet vores kategorier:',
  },
};

/** The search words of a locale. */
export function searchUi(locale: Locale): SearchStrings {
  return SEARCH[locale];
}
