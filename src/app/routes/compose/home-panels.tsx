import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import { InsuranceTodoPanel } from '@/features/insurance';
import { PrescriptionsPanel } from '@/features/pharmacy';
import { ProfileTodosPanel } from '@/features/profile';
import { SeeProviderNowPanel } from '@/features/rooms';
import { NextAppointmentPanel } from '@/features/scheduling';
import { OpenEconsultsPanel, WaitingVisitPanel } from '@/features/visits';

export interface HomePanelEntry {
  key: string;
  /** Names the panel when it fails to render ("… could not be shown"). */
  title: MessageDescriptor;
  Panel: ComponentType;
}

/**
 * The patient home's panels, in the order a patient needs them: what is happening now, what is
 * next, what to do, then what they have. Each comes from the feature that owns its data (through
 * the feature's index); a feature not built yet simply has no entry. Each panel renders inside its
 * own error boundary and handles its own query errors, so one failing leaves the others.
 */
export const PATIENT_HOME_PANELS: readonly HomePanelEntry[] = [
  { key: 'waiting', title: msg`The waiting room`, Panel: WaitingVisitPanel },
  { key: 'appointment', title: msg`Your next appointment`, Panel: NextAppointmentPanel },
  { key: 'econsults', title: msg`Your e-consults`, Panel: OpenEconsultsPanel },
  { key: 'profile-todos', title: msg`Things to do`, Panel: ProfileTodosPanel },
  { key: 'insurance', title: msg`Insurance`, Panel: InsuranceTodoPanel },
  { key: 'prescriptions', title: msg`Current prescriptions`, Panel: PrescriptionsPanel },
  { key: 'see-now', title: msg`See a provider now`, Panel: SeeProviderNowPanel },
];
