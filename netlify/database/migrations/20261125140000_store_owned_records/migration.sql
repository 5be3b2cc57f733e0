-- The store's own records (src/commerce/records.ts) instead of one UCP release's wire shape.
-- Until now `orders.data.checkout` held a snapshot of the UCP 2026-04-08 checkout as approved
-- and paid (line items with `gid://` item ids, wire totals, the buyer and context as sent), and
-- carts and checkouts kept `buyer`, `context` and `address` with whatever members a platform
-- sent. The adapter of src/ucp/ now renders records at the version a platform negotiated, so
-- what is stored must not depend on any one release:
-- - orders: `data.checkout` becomes `currency`, `buyer` (first_name, last_name, email,
--   phone_number; `{}` when there was none), `totals` (as paid, unchanged) and `lines`
--   ({id, variant_id, title, unit_price, quantity, total, image_url?}, in line item order,
--   the variant id taken from `order_lines`, else from the line id `li_<variant id>`); every
--   other member (destination, shipping, events, adjustments, ...) stays as it is;
-- - carts and checkouts: `buyer` and `context` keep only the members the store reads, a
--   checkout's `address` only the address fields of src/commerce/address.ts; a member that
--   was absent or null stays absent.
-- Rows already in the new shape are left as they are, so applying this twice changes nothing.

UPDATE orders o
SET data = (o.data - 'checkout') || jsonb_build_object(
  'currency', coalesce(o.data->'checkout'->'currency', to_jsonb(o.currency)),
  'buyer', jsonb_strip_nulls(jsonb_build_object(
    'first_name', o.data->'checkout'->'buyer'->'first_name',
    'last_name', o.data->'checkout'->'buyer'->'last_name',
    'email', o.data->'checkout'->'buyer'->'email',
    'phone_number', o.data->'checkout'->'buyer'->'phone_number')),
  'totals', coalesce(o.data->'checkout'->'totals', '[]'::jsonb),
  'lines', coalesce((
    SELECT jsonb_agg(
      jsonb_build_object(
        'id', li.item->'id',
        -- order_lines has the variant id as a column; the line id `li_<variant id>` is the fallback.
        'variant_id', coalesce(to_jsonb(ol.variant_id), to_jsonb(substring(li.item->>'id' FROM '^li_([0-9]+)$')::bigint)),
        'title', li.item->'item'->'title',
        'unit_price', li.item->'item'->'price',
        'quantity', li.item->'quantity',
        'total', coalesce(
          (SELECT t->'amount'
             FROM jsonb_array_elements(CASE WHEN jsonb_typeof(li.item->'totals') = 'array' THEN li.item->'totals' ELSE '[]'::jsonb END) AS t
            WHERE t->>'type' = 'total'
            LIMIT 1),
          to_jsonb((li.item->'item'->>'price')::bigint * (li.item->>'quantity')::bigint)))
      || CASE WHEN jsonb_typeof(li.item->'item'->'image_url') = 'string'
              THEN jsonb_build_object('image_url', li.item->'item'->'image_url')
              ELSE '{}'::jsonb END
      ORDER BY li.idx)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.data->'checkout'->'line_items') = 'array' THEN o.data->'checkout'->'line_items' ELSE '[]'::jsonb END)
           WITH ORDINALITY AS li(item, idx)
    LEFT JOIN order_lines ol ON ol.order_id = o.id AND ol.line_id = li.item->>'id'
  ), '[]'::jsonb)
)
WHERE o.data ? 'checkout';

-- The buyer, the shopping context and (checkouts only) the shipping address, pruned to the
-- members the store reads. jsonb_strip_nulls drops the members that were absent (or null).
WITH pruned AS (
  SELECT id,
         (data - ARRAY['buyer', 'context', 'address'])
         || CASE WHEN jsonb_typeof(data->'buyer') = 'object' THEN jsonb_build_object('buyer', jsonb_strip_nulls(jsonb_build_object(
              'first_name', data->'buyer'->'first_name',
              'last_name', data->'buyer'->'last_name',
              'email', data->'buyer'->'email',
              'phone_number', data->'buyer'->'phone_number'))) ELSE '{}'::jsonb END
         || CASE WHEN jsonb_typeof(data->'context') = 'object' THEN jsonb_build_object('context', jsonb_strip_nulls(jsonb_build_object(
              'address_country', data->'context'->'address_country',
              'address_region', data->'context'->'address_region',
              'postal_code', data->'context'->'postal_code',
              'language', data->'context'->'language',
              'currency', data->'context'->'currency',
              'intent', data->'context'->'intent'))) ELSE '{}'::jsonb END
         || CASE WHEN jsonb_typeof(data->'address') = 'object' THEN jsonb_build_object('address', jsonb_strip_nulls(jsonb_build_object(
              'first_name', data->'address'->'first_name',
              'last_name', data->'address'->'last_name',
              'street_address', data->'address'->'street_address',
              'extended_address', data->'address'->'extended_address',
              'postal_code', data->'address'->'postal_code',
              'address_locality', data->'address'->'address_locality',
              'address_region', data->'address'->'address_region',
              'address_country', data->'address'->'address_country',
              'phone_number', data->'address'->'phone_number'))) ELSE '{}'::jsonb END AS data
    FROM checkouts
)
UPDATE checkouts c SET data = pruned.data FROM pruned WHERE c.id = pruned.id AND c.data <> pruned.data;

WITH pruned AS (
  SELECT id,
         (data - ARRAY['buyer', 'context'])
         || CASE WHEN jsonb_typeof(data->'buyer') = 'object' THEN jsonb_build_object('buyer', jsonb_strip_nulls(jsonb_build_object(
              'first_name', data->'buyer'->'first_name',
              'last_name', data->'buyer'->'last_name',
              'email', data->'buyer'->'email',
              'phone_number', data->'buyer'->'phone_number'))) ELSE '{}'::jsonb END
         || CASE WHEN jsonb_typeof(data->'context') = 'object' THEN jsonb_build_object('context', jsonb_strip_nulls(jsonb_build_object(
              'address_country', data->'context'->'address_country',
              'address_region', data->'context'->'address_region',
              'postal_code', data->'context'->'postal_code',
              'language', data->'context'->'language',
              'currency', data->'context'->'currency',
              'intent', data->'context'->'intent'))) ELSE '{}'::jsonb END AS data
    FROM carts
)
UPDATE carts c SET data = pruned.data FROM pruned WHERE c.id = pruned.id AND c.data <> pruned.data;
