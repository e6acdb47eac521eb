'use client';

import { Anchor } from '@mantine/core';
import { Fragment, useContext } from 'react';
import { RowFocusContext, rowHash } from '../../lib/row-focus';
import { evidenceRefs, useSectionOf } from '../../lib/section-index';

/** An Evidence cell: each `<insight title>#row-<n>` a link that brings that row of this page into view. */
export function EvidenceLinks({ value }: { value: string }) {
  const { request } = useContext(RowFocusContext);
  const sectionOf = useSectionOf();
  return (
    <>
      {evidenceRefs(value).map(({ text, ref }, i) => {
        const section = ref ? sectionOf(ref.title) : null;
        return (
          <Fragment key={i}>
            {i > 0 && '; '}
            {ref && section ? (
              <Anchor
                href={rowHash(section, ref.row)}
                size="sm"
                data-evidence-link
                aria-label={`Go to row ${ref.row + 1} of ${ref.title}`}
                onClick={(e) => {
                  e.preventDefault();
                  request(section, ref.row);
                }}
              >
                {ref.title} #{ref.row + 1}
              </Anchor>
            ) : (
              text
            )}
          </Fragment>
        );
      })}
    </>
  );
}
