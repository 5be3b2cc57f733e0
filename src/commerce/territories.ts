/**
 * Parts of served countries the store does not deliver to, recognised from a postal code or a
 * region name: France is served as "France métropolitaine" (content/shipping.yaml zone
 * `france`), so the overseas departments and collectivities are not; and the special
 * territories of served EU countries that lie outside the EU VAT area (Directive 2006/112/EC
 * art. 6: Canary Islands, Ceuta, Melilla, Heligoland, Büsingen, Livigno, Campione d'Italia),
 * where the store's VAT-inclusive EU prices would be wrong.
 */

interface Territory {
  name: string;
  /** Postal code prefixes (digits only, spaces removed). */
  postal: string[];
  /** Region names as agents send them (`address_region`), compared case- and accent-insensitively. */
  regions: string[];
}

const TERRITORIES: Record<string, Territory[]> = {
  FR: [{
    name: 'French overseas departments and collectivities',
    postal: ['97', '98'],
    regions: ['guadeloupe', 'martinique', 'guyane', 'french guiana', 'la reunion', 'reunion', 'mayotte', 'saint-pierre-et-miquelon', 'saint-barthelemy', 'saint-martin', 'polynesie francaise', 'french polynesia', 'nouvelle-caledonie', 'new caledonia', 'wallis-et-futuna'],
  }],
  ES: [
    { name: 'Canary Islands', postal: ['35', '38'], regions: ['canarias', 'islas canarias', 'canary islands', 'las palmas', 'santa cruz de tenerife'] },
    { name: 'Ceuta and Melilla', postal: ['51', '52'], regions: ['ceuta', 'melilla'] },
  ],
  DE: [
    { name: 'Heligoland', postal: ['27498'], regions: ['helgoland', 'heligoland'] },
    { name: 'Büsingen am Hochrhein', postal: ['78266'], regions: ['busingen', 'busingen am hochrhein'] },
  ],
  IT: [
    { name: 'Livigno', postal: ['23041'], regions: ['livigno'] },
    { name: "Campione d'Italia", postal: ['22061'], regions: ["campione d'italia", 'campione'] },
  ],
};

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '').trim().toLowerCase();

/**
 * The territory of `country` that the store does not deliver to, if the postal code or the
 * region names one.
 * @param country ISO 3166-1 alpha-2, uppercase
 * @returns the territory's English name, or undefined when the destination is deliverable as far as this rule knows
 */
export function excludedTerritory(country: string, postalCode?: string, region?: string): string | undefined {
  const postal = postalCode?.replace(/\s+/g, '');
  const regionName = region === undefined ? undefined : plain(region);
  return (TERRITORIES[country] ?? []).find((t) =>
    (postal !== undefined && /^\d+$/.test(postal) && t.postal.some((p) => postal.startsWith(p))) ||
    (regionName !== undefined && t.regions.includes(regionName)),
  )?.name;
}
