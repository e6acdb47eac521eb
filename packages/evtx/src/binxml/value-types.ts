/** BinXml value type codes (MS-EVEN6 2.2.13); `ARRAY` is or-ed onto a base type. */
export const T = {
  NULL: 0x00,
  STRING: 0x01,
  ANSI: 0x02,
  INT8: 0x03,
  UINT8: 0x04,
  INT16: 0x05,
  UINT16: 0x06,
  INT32: 0x07,
  UINT32: 0x08,
  INT64: 0x09,
  UINT64: 0x0a,
  REAL32: 0x0b,
  REAL64: 0x0c,
  BOOL: 0x0d,
  BINARY: 0x0e,
  GUID: 0x0f,
  SIZE_T: 0x10,
  FILETIME: 0x11,
  SYSTIME: 0x12,
  SID: 0x13,
  HEX32: 0x14,
  HEX64: 0x15,
  EVT_HANDLE: 0x20,
  BINXML: 0x21,
  EVT_XML: 0x23,
  ARRAY: 0x80,
} as const;

/** Byte width of each fixed-size base type, 0 for variable-size ones. */
export function fixedSize(type: number): number {
  switch (type) {
    case T.INT8:
    case T.UINT8:
      return 1;
    case T.INT16:
    case T.UINT16:
      return 2;
    case T.INT32:
    case T.UINT32:
    case T.REAL32:
    case T.BOOL:
    case T.HEX32:
      return 4;
    case T.INT64:
    case T.UINT64:
    case T.REAL64:
    case T.FILETIME:
    case T.HEX64:
      return 8;
    case T.GUID:
    case T.SYSTIME:
      return 16;
    default:
      return 0;
  }
}
