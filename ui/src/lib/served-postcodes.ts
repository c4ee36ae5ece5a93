import { useEffect, useState } from 'react';
import { getRuntimeConfig } from './runtime-config';
import { getPostcodes, type PostcodeRecord } from './store-api';

const comparable = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/** The delivery zone of `zip` (compared without spaces and case), if the store serves it. */
export function servedPostcodeFor(zip: string, postcodes: readonly PostcodeRecord[]): PostcodeRecord | undefined {
  const wanted = comparable(zip);
  return wanted === '' ? undefined : postcodes.find((record) => comparable(record.postcode) === wanted);
}

/** Whether the store delivers to `zip` (compared without spaces and case). */
export function isServedZip(zip: string, postcodes: readonly PostcodeRecord[]): boolean {
  return servedPostcodeFor(zip, postcodes) !== undefined;
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
