import { FILE_KIND_LABEL, type FileKind, type Insight } from '@quarry/insights';

/** The Metadata insight every parse job reports for each input file. */
export function fileMetadataInsight(file: { id: string; originalName: string; size: number | bigint; sha256: string }, kind: FileKind): Insight {
  return {
    Metadata: {
      title: `File metadata: ${file.originalName}`,
      data: {
        file_id: file.id,
        file_name: file.originalName,
        size_bytes: String(file.size),
        sha256: file.sha256,
        detected_type: FILE_KIND_LABEL[kind],
      },
      category: 'General',
    },
  };
}
