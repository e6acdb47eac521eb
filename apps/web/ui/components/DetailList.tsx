import { Code } from '@mantine/core';
import { Fragment } from 'react';
import classes from './DetailList.module.css';

/** Full key/value pairs (long keys, command lines and event data wrap instead of being cut). */
export function DetailList({ entries, label }: { entries: [string, string][]; label?: string }) {
  return (
    <dl className={classes.list} aria-label={label}>
      {entries.map(([k, v], i) => (
        <Fragment key={`${i}:${k}`}>
          <dt className={classes.key}>{k}</dt>
          <dd className={classes.value}>{v === '' ? <Code c="dimmed">(empty)</Code> : v}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
