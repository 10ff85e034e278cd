import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useWatch, type Control } from 'react-hook-form';
import { dependentName, type DependentsValues } from '../lib/wizard-values';
import type { DependentsEditorState } from '../hooks/use-dependents-editor';

type DependentListProps = { control: Control<DependentsValues>; editor: DependentsEditorState };

/** The dependents as selectable items with a delete control each (shown when there is more than one). */
export function DependentList({ control, editor }: DependentListProps) {
  const dependents = useWatch({ control, name: 'dependents' });
  return (
    <List
      aria-label="Dependents"
      sx={{
        maxHeight: 300,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        mb: 3,
        maxWidth: 480,
      }}
    >
      {editor.fields.map((field, index) => {
        const name = dependentName(dependents[index], index);
        const current = index === editor.selected;
        return (
          <ListItem
            key={field.id}
            disablePadding
            secondaryAction={
              editor.canDelete && (
                <IconButton edge="end" aria-label={`Delete dependent ${name}`} onClick={() => editor.removeAt(index)}>
                  <DeleteIcon />
                </IconButton>
              )
            }
          >
            <ListItemButton
              selected={current}
              aria-current={current ? 'true' : undefined}
              onClick={() => void editor.select(index)}
            >
              <ListItemText primary={name} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
