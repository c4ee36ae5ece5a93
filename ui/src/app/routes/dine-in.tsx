import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { errorText } from '../../lib/error-text';
import { useOrderSettings } from '../../lib/order-settings';
import { leaveDineIn, lookupTable, saveDineInTable } from '../../lib/orders-api';
import { useAsync } from '../../lib/use-async';
import { DineInBanner } from './dine-in-banner';
import { HomeRoute } from './home';

/** A table's QR link: /tisch/<id>/<secret>. */
export const TABLE_LINK = /^\/tisch\/(\d+)\/([\w-]+)\/?$/;

/**
 * /tisch/:id/:key – where a table's QR code leads (shown by the catch-all route, see
 * not-found.tsx): the server names the table for its
 * secret, the tab keeps it (dine-in mode: no address, no delivery fee, ordered for now)
 * and the menu is shown under "Bestellung an Tisch 12". An unknown table or a secret
 * rotated since the code was printed says so and ends dine-in mode.
 */
export function DineInPage({ id, tableKey: key }: { id: string; tableKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setOrderType } = useOrderSettings();
  const load = useCallback(() => lookupTable(Number(id), key), [id, key]);
  const table = useAsync(load, `${id}/${key}`);

  useEffect(() => {
    if (table.status === 'success') {
      saveDineInTable(table.data);
      // Served at the table: priced like pickup (no address, no fee) on the menu.
      setOrderType('pickup');
    } else if (table.status === 'error') {
      leaveDineIn();
    }
  }, [table, setOrderType]);

  const leave = () => {
    leaveDineIn();
    navigate('/', { replace: true });
  };

  if (table.status === 'loading') {
    return (
      <div className="container page">
        <LoadingMessage text={t('dine_in.loading')} />
      </div>
    );
  }
  if (table.status === 'error') {
    return (
      <div className="container page" data-testid="dine-in-unknown">
        <ErrorMessage text={errorText(table.error, t)} />
      </div>
    );
  }
  return (
    <>
      <div className="container">
        <DineInBanner table={table.data} onLeave={leave} />
      </div>
      <HomeRoute />
    </>
  );
}
