import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EmrSectionName } from '@telehealth/client/emr/schemas';
import type { Option } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';

/** A choice whose words are a message, shown with `shownOptions` when the form renders. */
export interface MessageOption {
  value: string;
  label: MessageDescriptor;
}

/** The options in the page's language. */
export const shownOptions = (options: readonly MessageOption[]): Option[] =>
  options.map((o) => ({ value: o.value, label: i18n._(o.label) }));

/**
 * The sentences every section says about itself, whole (the words agree with the section's name in
 * other languages): "Your allergies", "Edit allergies", "Save allergies", "Allergies saved.", and the
 * name inside a sentence ("your changes to allergies").
 */
export interface SectionWords {
  yours: MessageDescriptor;
  edit: MessageDescriptor;
  save: MessageDescriptor;
  saved: MessageDescriptor;
  inSentence: MessageDescriptor;
}

/**
 * The sentences of a list section about its entries, whole. Placeholders: `{number}` (the row's
 * number), `{max}` (the length cap), `{value}` (the typed entry).
 */
export interface ListWords {
  /** "Allergy {number}": a row's label. */
  entry: MessageDescriptor;
  add: MessageDescriptor;
  addOrNone: MessageDescriptor;
  remove: MessageDescriptor;
  empty: MessageDescriptor;
  tooLong: MessageDescriptor;
  repeated: MessageDescriptor;
  haveSome: MessageDescriptor;
}

/** A list section (spec 2.13): an array of entries with one text field each. */
export interface ListSectionConfig {
  kind: 'list';
  name: Exclude<EmrSectionName, 'social_history' | 'health_habits'>;
  title: MessageDescriptor;
  words: SectionWords;
  list: ListWords;
  /** The entry's key on the wire: `substance`, `name`, `condition`, `procedure`. */
  entryKey: 'substance' | 'name' | 'condition' | 'procedure';
  placeholder: MessageDescriptor;
  /** Family conditions also name the relatives. */
  hasRelations?: boolean;
  /** Allergies also say what happens and how serious it is (inside the entry's text, allergy-text.ts). */
  hasReaction?: boolean;
  noneLabel: MessageDescriptor;
}

export interface ObjectFieldConfig {
  key: string;
  label: MessageDescriptor;
  /** The label inside a sentence: "Keep {field} under {max} characters." (text fields). */
  inSentence?: MessageDescriptor;
  type: 'select' | 'text' | 'count';
  options?: MessageOption[];
}

/** An object section (spec 2.13): one form of a few fields. */
export interface ObjectSectionConfig {
  kind: 'object';
  name: 'social_history' | 'health_habits';
  title: MessageDescriptor;
  words: SectionWords;
  fields: ObjectFieldConfig[];
}

export type SectionConfig = ListSectionConfig | ObjectSectionConfig;

/** Entries and free text are capped where the mock's schema caps them (docs/spec-decisions.md). */
export const ENTRY_MAX_LENGTH = 120;

/** Relatives a family condition can name; the wire carries these words. */
export const RELATIONS: MessageOption[] = [
  { value: 'mother', label: msg`Mother` },
  { value: 'father', label: msg`Father` },
  { value: 'sister', label: msg`Sister` },
  { value: 'brother', label: msg`Brother` },
  { value: 'grandparent', label: msg`Grandparent` },
  { value: 'child', label: msg`Child` },
  { value: 'aunt or uncle', label: msg`Aunt or uncle` },
  { value: 'other', label: msg`Other relative` },
];

const FREQUENCY: MessageOption[] = [
  { value: 'never', label: msg`Never` },
  { value: 'occasionally', label: msg`Occasionally` },
  { value: 'weekly', label: msg`Weekly` },
  { value: 'daily', label: msg`Daily` },
];
const USE: MessageOption[] = [
  { value: 'never', label: msg`Never` },
  { value: 'former', label: msg`In the past, not now` },
  { value: 'occasionally', label: msg`Occasionally` },
  { value: 'current', label: msg`Regularly` },
];

/** The seven sections in the order the record shows them. */
export const SECTIONS: readonly SectionConfig[] = [
  {
    kind: 'list',
    name: 'allergies',
    title: msg`Allergies`,
    words: {
      yours: msg`Your allergies`,
      edit: msg`Edit allergies`,
      save: msg`Save allergies`,
      saved: msg`Allergies saved.`,
      inSentence: msg({ message: 'allergies', context: 'section name inside a sentence' }),
    },
    list: {
      entry: msg({ message: 'Allergy {number}' }),
      add: msg`Add an allergy`,
      addOrNone: msg`Add an allergy, or choose “No known allergies”.`,
      remove: msg({ message: 'Remove allergy {number}' }),
      empty: msg({ message: 'Allergy {number} is empty: type it in or remove the row.' }),
      tooLong: msg({ message: 'Keep allergy {number} under {max} characters.' }),
      repeated: msg({ message: 'You already listed “{value}” as allergy {number}. Remove one of them.' }),
      haveSome: msg`I have allergies to list`,
    },
    entryKey: 'substance',
    placeholder: msg`For example: penicillin, peanuts, latex`,
    hasReaction: true,
    noneLabel: msg`No known allergies`,
  },
  {
    kind: 'list',
    name: 'medications',
    title: msg`Medications`,
    words: {
      yours: msg`Your medications`,
      edit: msg`Edit medications`,
      save: msg`Save medications`,
      saved: msg`Medications saved.`,
      inSentence: msg({ message: 'medications', context: 'section name inside a sentence' }),
    },
    list: {
      entry: msg({ message: 'Medication {number}' }),
      add: msg`Add a medication`,
      addOrNone: msg`Add a medication, or choose “No medications”.`,
      remove: msg({ message: 'Remove medication {number}' }),
      empty: msg({ message: 'Medication {number} is empty: type it in or remove the row.' }),
      tooLong: msg({ message: 'Keep medication {number} under {max} characters.' }),
      repeated: msg({ message: 'You already listed “{value}” as medication {number}. Remove one of them.' }),
      haveSome: msg`I have medications to list`,
    },
    entryKey: 'name',
    placeholder: msg`Name and dose, for example: ibuprofen 200 mg`,
    noneLabel: msg`No medications`,
  },
  {
    kind: 'list',
    name: 'conditions',
    title: msg`Conditions`,
    words: {
      yours: msg`Your conditions`,
      edit: msg`Edit conditions`,
      save: msg`Save conditions`,
      saved: msg`Conditions saved.`,
      inSentence: msg({ message: 'conditions', context: 'section name inside a sentence' }),
    },
    list: {
      entry: msg({ message: 'Condition {number}' }),
      add: msg`Add a condition`,
      addOrNone: msg`Add a condition, or choose “No conditions”.`,
      remove: msg({ message: 'Remove condition {number}' }),
      empty: msg({ message: 'Condition {number} is empty: type it in or remove the row.' }),
      tooLong: msg({ message: 'Keep condition {number} under {max} characters.' }),
      repeated: msg({ message: 'You already listed “{value}” as condition {number}. Remove one of them.' }),
      haveSome: msg`I have conditions to list`,
    },
    entryKey: 'condition',
    placeholder: msg`For example: asthma`,
    noneLabel: msg`No conditions`,
  },
  {
    kind: 'list',
    name: 'surgeries',
    title: msg`Surgeries`,
    words: {
      yours: msg`Your surgeries`,
      edit: msg`Edit surgeries`,
      save: msg`Save surgeries`,
      saved: msg`Surgeries saved.`,
      inSentence: msg({ message: 'surgeries', context: 'section name inside a sentence' }),
    },
    list: {
      entry: msg({ message: 'Surgery {number}' }),
      add: msg`Add a surgery`,
      addOrNone: msg`Add a surgery, or choose “No surgeries”.`,
      remove: msg({ message: 'Remove surgery {number}' }),
      empty: msg({ message: 'Surgery {number} is empty: type it in or remove the row.' }),
      tooLong: msg({ message: 'Keep surgery {number} under {max} characters.' }),
      repeated: msg({ message: 'You already listed “{value}” as surgery {number}. Remove one of them.' }),
      haveSome: msg`I have surgeries to list`,
    },
    entryKey: 'procedure',
    placeholder: msg`For example: appendectomy`,
    noneLabel: msg`No surgeries`,
  },
  {
    kind: 'list',
    name: 'family_conditions',
    title: msg`Family conditions`,
    words: {
      yours: msg`Your family conditions`,
      edit: msg`Edit family conditions`,
      save: msg`Save family conditions`,
      saved: msg`Family conditions saved.`,
      inSentence: msg({ message: 'family conditions', context: 'section name inside a sentence' }),
    },
    list: {
      entry: msg({ message: 'Family condition {number}' }),
      add: msg`Add a family condition`,
      addOrNone: msg`Add a family condition, or choose “No family conditions known”.`,
      remove: msg({ message: 'Remove family condition {number}' }),
      empty: msg({ message: 'Family condition {number} is empty: type it in or remove the row.' }),
      tooLong: msg({ message: 'Keep family condition {number} under {max} characters.' }),
      repeated: msg({
        message: 'You already listed “{value}” as family condition {number}. Remove one of them.',
      }),
      haveSome: msg`I have family conditions to list`,
    },
    entryKey: 'condition',
    placeholder: msg`For example: heart disease`,
    hasRelations: true,
    noneLabel: msg`No family conditions known`,
  },
  {
    kind: 'object',
    name: 'social_history',
    title: msg`Social history`,
    words: {
      yours: msg`Your social history`,
      edit: msg`Edit social history`,
      save: msg`Save social history`,
      saved: msg`Social history saved.`,
      inSentence: msg({ message: 'social history', context: 'section name inside a sentence' }),
    },
    fields: [
      {
        key: 'marital_status',
        label: msg`Marital status`,
        type: 'select',
        options: [
          { value: 'single', label: msg`Single` },
          { value: 'married', label: msg`Married` },
          { value: 'partnered', label: msg`Living with a partner` },
          { value: 'separated', label: msg`Separated` },
          { value: 'divorced', label: msg`Divorced` },
          { value: 'widowed', label: msg`Widowed` },
        ],
      },
      {
        key: 'highest_ed',
        label: msg`Highest education`,
        type: 'select',
        options: [
          { value: 'primary', label: msg`Primary school` },
          { value: 'high_school', label: msg`High school` },
          { value: 'some_college', label: msg`Some college` },
          { value: 'associate', label: msg`Associate degree` },
          { value: 'bachelor', label: msg`Bachelor’s degree` },
          { value: 'master', label: msg`Master’s degree` },
          { value: 'doctorate', label: msg`Doctorate` },
        ],
      },
      {
        key: 'occupation',
        label: msg`Occupation`,
        inSentence: msg({ message: 'occupation', context: 'field name inside a sentence' }),
        type: 'text',
      },
      { key: 'num_kids', label: msg`Number of children`, type: 'count' },
    ],
  },
  {
    kind: 'object',
    name: 'health_habits',
    title: msg`Health habits`,
    words: {
      yours: msg`Your health habits`,
      edit: msg`Edit health habits`,
      save: msg`Save health habits`,
      saved: msg`Health habits saved.`,
      inSentence: msg({ message: 'health habits', context: 'section name inside a sentence' }),
    },
    fields: [
      { key: 'smoking', label: msg`Smoking`, type: 'select', options: USE },
      { key: 'alcohol', label: msg`Alcohol`, type: 'select', options: FREQUENCY },
      { key: 'drugs', label: msg`Recreational drugs`, type: 'select', options: USE },
      { key: 'exercise', label: msg`Exercise`, type: 'select', options: FREQUENCY },
    ],
  },
];

export const sectionConfig = (name: EmrSectionName): SectionConfig =>
  SECTIONS.find((s) => s.name === name) ?? (SECTIONS[0] as SectionConfig);

/** The words for an option value in the page's language, or the value itself when it is not one of ours. */
export const optionLabel = (options: readonly MessageOption[] | undefined, value: string) => {
  const found = options?.find((o) => o.value === value);
  return found ? i18n._(found.label) : value;
};
