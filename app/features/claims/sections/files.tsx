import { Anchor, Text } from '@mantine/core'
import { Section } from './section'

/** Claim files (loidfid, filename), downloaded from /download/{loidfid}. */
export function FilesSection({ files }: { files: { loidfid: number; filename: string; file_description: string }[] }) {
  return (
    <Section title="Claim Files">
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files.
        </Text>
      ) : (
        <table className="data-table data-table-dense" aria-label="Claim files">
          <thead>
            <tr>
              <th scope="col">loidfid</th>
              <th scope="col">Filename</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr key={file.loidfid}>
                <td>{file.loidfid}</td>
                <td>
                  <Anchor href={`/download/${file.loidfid}`} size="sm" download>
                    {file.filename}
                  </Anchor>
                </td>
                <td>{file.file_description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}
