import type { EmrSectionName } from '@/api/emr/schemas';
import type { Option } from '@/components/ui/field';

/** A list section (spec 2.13): an array of entries with one text field each. */
export interface ListSectionConfig {
  kind: 'list';
  name: Exclude<EmrSectionName, 'social_history' | 'health_habits'>;
  title: string;
  /** The entry's key on the wire: `substance`, `name`, `condition`, `procedure`. */
  entryKey: 'substance' | 'name' | 'condition' | 'procedure';
  /** "allergy": used in labels ("Allergy 2", "Add an allergy"). */
  noun: string;
  article: 'a' | 'an';
  placeholder: string;
  /** Family conditions also name the relatives. */
  hasRelations?: boolean;
  /** Allergies also say what happens and how serious it is (inside the entry's text, allergy-text.ts). */
  hasReaction?: boolean;
  noneLabel: string;
}

export interface ObjectFieldConfig {
  key: string;
  label: string;
  type: 'select' | 'text' | 'count';
  options?: Option[];
}

/** An object section (spec 2.13): one form of a few fields. */
export interface ObjectSectionConfig {
  kind: 'object';
  name: 'social_history' | 'health_habits';
  title: string;
  fields: ObjectFieldConfig[];
}

export type SectionConfig = ListSectionConfig | ObjectSectionConfig;

/** Entries and free text are capped where the mock's schema caps them (docs/spec-decisions.md). */
export const ENTRY_MAX_LENGTH = 120;

/** Relatives a family condition can name; the wire carries these words. */
export const RELATIONS: Option[] = [
  { value: 'mother', label: 'Mother' },
  { value: 'father', label: 'Father' },
  { value: 'sister', label: 'Sister' },
  { value: 'brother', label: 'Brother' },
  { value: 'grandparent', label: 'Grandparent' },
  { value: 'child', label: 'Child' },
  { value: 'aunt or uncle', label: 'Aunt or uncle' },
  { value: 'other', label: 'Other relative' },
];

const FREQUENCY: Option[] = [
  { value: 'never', label: 'Never' },
  { value: 'occasionally', label: 'Occasionally' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
];
const USE: Option[] = [
  { value: 'never', label: 'Never' },
  { value: 'former', label: 'In the past, not now' },
  { value: 'occasionally', label: 'Occasionally' },
  { value: 'current', label: 'Regularly' },
];

/** The seven sections in the order the record shows them. */
export const SECTIONS: readonly SectionConfig[] = [
  {
    kind: 'list',
    name: 'allergies',
    title: 'Allergies',
    entryKey: 'substance',
    noun: 'allergy',
    article: 'an',
    placeholder: 'For example: penicillin, peanuts, latex',
    hasReaction: true,
    noneLabel: 'No known allergies',
  },
  {
    kind: 'list',
    name: 'medications',
    title: 'Medications',
    entryKey: 'name',
    noun: 'medication',
    article: 'a',
    placeholder: 'Name and dose, for example: ibuprofen 200 mg',
    noneLabel: 'No medications',
  },
  {
    kind: 'list',
    name: 'conditions',
    title: 'Conditions',
    entryKey: 'condition',
    noun: 'condition',
    article: 'a',
    placeholder: 'For example: asthma',
    noneLabel: 'No conditions',
  },
  {
    kind: 'list',
    name: 'surgeries',
    title: 'Surgeries',
    entryKey: 'procedure',
    noun: 'surgery',
    article: 'a',
    placeholder: 'For example: appendectomy',
    noneLabel: 'No surgeries',
  },
  {
    kind: 'list',
    name: 'family_conditions',
    title: 'Family conditions',
    entryKey: 'condition',
    noun: 'family condition',
    article: 'a',
    placeholder: 'For example: heart disease',
    hasRelations: true,
    noneLabel: 'No family conditions known',
  },
  {
    kind: 'object',
    name: 'social_history',
    title: 'Social history',
    fields: [
      {
        key: 'marital_status',
        label: 'Marital status',
        type: 'select',
        options: [
          { value: 'single', label: 'Single' },
          { value: 'married', label: 'Married' },
          { value: 'partnered', label: 'Living with a partner' },
          { value: 'separated', label: 'Separated' },
          { value: 'divorced', label: 'Divorced' },
          { value: 'widowed', label: 'Widowed' },
        ],
      },
      {
        key: 'highest_ed',
        label: 'Highest education',
        type: 'select',
        options: [
          { value: 'primary', label: 'Primary school' },
          { value: 'high_school', label: 'High school' },
          { value: 'some_college', label: 'Some college' },
          { value: 'associate', label: 'Associate degree' },
          { value: 'bachelor', label: 'Bachelor’s degree' },
          { value: 'master', label: 'Master’s degree' },
          { value: 'doctorate', label: 'Doctorate' },
        ],
      },
      { key: 'occupation', label: 'Occupation', type: 'text' },
      { key: 'num_kids', label: 'Number of children', type: 'count' },
    ],
  },
  {
    kind: 'object',
    name: 'health_habits',
    title: 'Health habits',
    fields: [
      { key: 'smoking', label: 'Smoking', type: 'select', options: USE },
      { key: 'alcohol', label: 'Alcohol', type: 'select', options: FREQUENCY },
      { key: 'drugs', label: 'Recreational drugs', type: 'select', options: USE },
      { key: 'exercise', label: 'Exercise', type: 'select', options: FREQUENCY },
    ],
  },
];

export const sectionConfig = (name: EmrSectionName): SectionConfig =>
  SECTIONS.find((s) => s.name === name) ?? (SECTIONS[0] as SectionConfig);

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The words for an option value, or the value itself when it is not one of ours. */
export const optionLabel = (options: Option[] | undefined, value: string) =>
  options?.find((o) => o.value === value)?.label ?? value;
