/**
 * What the client has chosen so far in the booking wizard, step by step (spec 1 §2, §4): the kind of booking, new
 * or existing client, their details, the treatment or course, the week and time or the course days. One reducer,
 * so every step changes it the same way and 'Ny booking' starts again from nothing. What the server answers
 * (treatments, free times, course days) is not kept here: the steps load it as queries.
 */
import type { PublicCourse, PublicTreatment } from '@klinik/core';
import { startOfCopenhagenWeek } from '@klinik/core/time';
import { EMPTY_CLIENT, type NewClientFields } from './validate';

export type Kind = 'treatment' | 'course';
export type ClientKind = 'new' | 'existing';
/** 0 type, 1 new or existing, 2 details, 3 treatment or course, 4 time or days, 5 done (texts.steps). */
export type Step = 0 | 1 | 2 | 3 | 4 | 5;

export interface WizardState {
  step: Step;
  kind: Kind;
  clientKind: ClientKind;
  fields: NewClientFields;
  reason: string;
  consent: boolean;
  treatment: PublicTreatment | null;
  course: PublicCourse | null;
  chosenDates: string[];
  /** Monday 00:00 (Copenhagen) of the week whose times are shown. */
  week: number;
  time: number | null;
  /** The booking put the client on a waiting list. */
  waiting: boolean;
  /** A treatment paid at booking: the cancellation rule accepted, and the card may be kept for a fee. */
  acceptRule: boolean;
  saveCard: boolean;
}

export type WizardAction =
  | { type: 'chooseKind'; kind: Kind }
  | { type: 'chooseClientKind'; clientKind: ClientKind }
  | { type: 'back'; to: Step }
  | { type: 'leaveDetails' }
  | { type: 'setField'; name: keyof NewClientFields; value: string }
  | { type: 'setReason'; reason: string }
  | { type: 'setConsent'; consent: boolean }
  | { type: 'toChoice' }
  | { type: 'chooseTreatment'; treatment: PublicTreatment }
  | { type: 'chooseCourse'; course: PublicCourse }
  | { type: 'toggleDate'; id: string; chosen: boolean }
  | { type: 'changeWeek'; weeks: number }
  | { type: 'chooseTime'; time: number }
  | { type: 'setAcceptRule'; accept: boolean }
  | { type: 'setSaveCard'; save: boolean }
  | { type: 'bookingRefused' }
  | { type: 'booked'; waiting: boolean }
  | { type: 'restart'; now: number };

export function initialWizard(now: number): WizardState {
  return {
    step: 0,
    kind: 'treatment',
    clientKind: 'new',
    fields: EMPTY_CLIENT,
    reason: '',
    consent: false,
    treatment: null,
    course: null,
    chosenDates: [],
    week: startOfCopenhagenWeek(now),
    time: null,
    waiting: false,
    acceptRule: false,
    saveCard: false,
  };
}

/** Leaving the details step backwards resets the client's data (spec 1 §4). */
const CLIENT_RESET = { fields: EMPTY_CLIENT, reason: '', consent: false } as const;

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'chooseKind':
      return { ...state, kind: action.kind, step: 1 };
    case 'chooseClientKind':
      return { ...state, clientKind: action.clientKind, step: 2 };
    case 'back':
      return { ...state, step: action.to };
    case 'leaveDetails':
      return { ...state, ...CLIENT_RESET, step: 1 };
    case 'setField':
      return { ...state, fields: { ...state.fields, [action.name]: action.value } };
    case 'setReason':
      return { ...state, reason: action.reason };
    case 'setConsent':
      return { ...state, consent: action.consent };
    case 'toChoice':
      return { ...state, step: 3 };
    case 'chooseTreatment':
      // Another treatment has its own rule: what was accepted for the one before is not carried over.
      return { ...state, treatment: action.treatment, time: null, acceptRule: false, saveCard: false, step: 4 };
    case 'chooseCourse':
      return { ...state, course: action.course, chosenDates: [], step: 4 };
    case 'toggleDate': {
      const others = state.chosenDates.filter((id) => id !== action.id);
      return { ...state, chosenDates: action.chosen ? [...others, action.id] : others };
    }
    case 'changeWeek':
      // A time chosen in the week left is not kept: it is no longer on screen.
      return { ...state, week: startOfCopenhagenWeek(state.week, action.weeks), time: null };
    case 'chooseTime':
      return { ...state, time: action.time };
    case 'setAcceptRule':
      return { ...state, acceptRule: action.accept };
    case 'setSaveCard':
      return { ...state, saveCard: action.save };
    case 'bookingRefused':
      // The time may be taken now: the client chooses again from the times the server answers anew.
      return { ...state, time: null };
    case 'booked':
      return { ...state, waiting: action.waiting, step: 5 };
    case 'restart':
      return initialWizard(action.now);
  }
}
