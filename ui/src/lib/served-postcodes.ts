import { useEffect, useState } from 'react';
import { getRuntimeConfig } from './runtime-config';
import { getPostcodes, type PostcodeRecord } from './store-api';

/** Whether the store delivers to `zip` (compared without spaces and case). */
export function isServedZip(zip: string, postcodes: readonly PostcodeRecord[]): boolean {
  const wanted = zip.replace(/\s+/g, '').toUpperCase();
  return wanted !== '' && postcodes.some((record) => record.postcode.replace(/\s+/g, '').toUpperCase() === wanted);
}

/**
 * The store's delivery postcodes, or null until they are known. A failed fetch is
 * only logged (spec §8) and leaves null: the server checks the postcode again when
 * the order is placed.
 */
export function useServedPostcodes(): PostcodeRecord[] | null {
  const [postcodes, setPostcodes] = useState<PostcodeRecord[] | null>(null);
  useEffect(() => {
    let active = true;
    getPostcodes(getRuntimeConfig().storeId).then(
      (list) => {
        if (active && Array.isArray(list)) setPostcodes(list);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  return postcodes;
}
