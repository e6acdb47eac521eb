import { Client, Connection } from '@temporalio/client';
import { dataConverterFor } from './data-converter.js';

export async function connectTemporalClient(opts: { address: string; namespace: string; masterKey: Buffer }): Promise<Client> {
  const connection = await Connection.connect({ address: opts.address });
  return new Client({ connection, namespace: opts.namespace, dataConverter: dataConverterFor(opts.masterKey) });
}
