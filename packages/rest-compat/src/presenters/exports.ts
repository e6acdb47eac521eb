import type { Download } from '@quarry/api';

/**
 * A download as a streamed response (chunked: its length is not known ahead). The file name is
 * already safe (ASCII letters, digits, `._-`), so it goes in the header quoted as it is.
 */
export function downloadResponse(d: Download): Response {
  return new Response(d.body, {
    status: 200,
    headers: {
      'Content-Type': d.contentType,
      'Content-Disposition': `attachment; filename="${d.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * The export's query string as the operation's input: `format`, `insight`, `search`, `bom`,
 * `start_time`/`end_time` (Unix ms) and `filter` (the search's filter array, as JSON). Values that
 * do not convert are passed on as sent, so the operation's schema answers with its own message.
 */
export function exportQueryInput(jobId: string | undefined, query: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = { jobId };
  for (const [name, value] of Object.entries(query)) {
    switch (name) {
      case 'start_time':
      case 'end_time':
        input[name === 'start_time' ? 'startTime' : 'endTime'] = /^-?\d+$/.test(value) ? Number(value) : value;
        break;
      case 'bom':
        input['bom'] = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
        break;
      case 'filter':
        input['filter'] = parseJson(value);
        break;
      case 'format':
      case 'insight':
      case 'search':
        input[name] = value;
        break;
      default:
      // Unknown parameters are ignored, as REST clients expect of a GET.
    }
  }
  return input;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
