import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import type { DependentsEditorState } from '../hooks/use-dependents-editor';
import type { PersonOptions } from '../lib/lookup-options';
import type { DependentsValues } from '../lib/wizard-values';
import { DependentFields } from './dependent-fields';
import { DependentList } from './dependent-list';

type DependentsEditorProps = {
  control: Control<DependentsValues>;
  editor: DependentsEditorState;
  options: Pick<PersonOptions, 'genders' | 'relationships'>;
  /** Continues without dependents; offered while there is a single dependent. */
  onSkip: () => void;
  disabled?: boolean;
};

/** The dependent list, the current dependent's form, 'Add Another Dependent' and 'Skip'. */
export function DependentsEditor({ control, editor, options, onSkip, disabled }: DependentsEditorProps) {
  const { fields, selected } = editor;
  const field = fields[selected];
  return (
    <Box>
      {fields.length > 1 && <DependentList control={control} editor={editor} />}
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Dependent {selected + 1} of {fields.length}
      </Typography>
      {/* Keyed per dependent so that switching starts each field afresh. */}
      {field && <DependentFields key={field.id} control={control} index={selected} options={options} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={disabled} onClick={() => void editor.add()}>
          Add Another Dependent
        </Button>
        {editor.canSkip && (
          <Button variant="text" disabled={disabled} onClick={onSkip}>
            Skip
          </Button>
        )}
      </Stack>
    </Box>
  );
}
