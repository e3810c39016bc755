import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { backend } from '../../backend/index.ts';
import type { AvatarUpload } from '../../backend/ports.ts';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { decodePicture, releasePicture, type Picture } from '../../components/crop/avatarImages.ts';
import { CropDialog } from '../../components/crop/CropDialog.tsx';
import { errorMessage } from '../../components/errorMessage.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/Field.tsx';
import { CameraIcon } from '../../components/icons.tsx';
import { notify } from '../../components/notify.ts';
import { GENDER_OPTIONS, memberName } from '../../domain/labels.ts';
import type { Profile } from '../../domain/types.ts';
import { DEATH_PLACEHOLDER, validatePhotoFile, type ProfileFieldErrors } from '../../domain/validation/profile.ts';
import { storeOwnProfile } from '../../state/ownProfile.ts';
import { PROFILE_PAGE_MESSAGES as M } from './messages.ts';
import { changedFields, formValuesFrom, validateProfileValues, type ProfileFormValues } from './profileForm.ts';
import { saveProfile } from './saveProfile.ts';

/** Where each error shows, in the order the form reads, for focusing the first one. */
const ERROR_FOCUS: readonly [keyof ProfileFieldErrors, keyof ProfileFormValues][] = [
  ['firstName', 'firstName'],
  ['lastName', 'lastName'],
  ['gender', 'gender'],
  ['birthDay', 'birthDay'],
  ['birthMonth', 'birthMonth'],
  ['birthYear', 'birthYear'],
  ['birthDate', 'birthDay'],
  ['death', 'death'],
];

interface NewPhoto {
  files: AvatarUpload;
  preview: string;
}

/**
 * The §2 edit panel. The photo is uploaded on Save, together with the fields, so Cancel (or
 * leaving the page) really leaves the stored profile as it was.
 */
export function ProfileEditor({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { register, handleSubmit, watch, setFocus, formState } = useForm<ProfileFormValues>({
    defaultValues: formValuesFrom(profile),
  });
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<NewPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [picture, setPicture] = useState<Picture | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.preview) : undefined), [photo]);
  useEffect(() => () => (picture ? releasePicture(picture) : undefined), [picture]);

  // After a first attempt, messages follow the typing.
  useEffect(() => {
    if (!submitted) return;
    const sub = watch((values) => setErrors(validateProfileValues(values as ProfileFormValues, new Date().getFullYear())));
    return () => sub.unsubscribe();
  }, [submitted, watch]);

  async function choosePhoto(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const refused = validatePhotoFile(file);
    setPhotoError(refused);
    if (refused) return;
    let decoded: Picture;
    try {
      decoded = await decodePicture(file);
    } catch {
      setPhotoError(M.imageUnreadable);
      return;
    }
    if (mounted.current) setPicture(decoded);
    else releasePicture(decoded);
  }

  const submit = handleSubmit(async (values) => {
    const found = validateProfileValues(values, new Date().getFullYear());
    setErrors(found);
    setSubmitted(true);
    const first = ERROR_FOCUS.find(([key]) => found[key]);
    if (first) {
      setFocus(first[1]);
      return;
    }
    const set = changedFields(profile, values);
    if (Object.keys(set).length === 0 && !photo) {
      notify.info(M.noChanges);
      onDone();
      return;
    }
    setFormError(null);
    let saved: Profile;
    try {
      saved = await saveProfile(backend, { id: profile.id, set, photo: photo?.files });
    } catch (e) {
      if (!mounted.current) return;
      setFormError(errorMessage(e, M.saveFailed));
      notify.error(M.saveFailedToast);
      return;
    }
    storeOwnProfile(saved);
    notify.success(M.updated);
    onDone();
    backend.auth
      .updateProfile({ displayName: memberName(saved), photoURL: saved.photoURL })
      .catch(() => notify.error(M.authUpdateFailed));
  });

  return (
    <>
      <form className="card profile-editor" onSubmit={submit} noValidate aria-label="Edit profile">
        <h2 className="card-title">Edit profile</h2>

        <div className="profile-photo-field">
          <Avatar src={photo?.preview || profile.photoURL} gender={profile.gender} seed={profile.id} size={96} alt="Your photo" />
          <div className="profile-photo-text">
            <span className="field-label">Photo</span>
            <label className="btn btn-secondary profile-photo-button">
              <CameraIcon size={18} /> {photo || profile.photoURL ? 'Change photo' : 'Upload photo'}
              <input className="visually-hidden" type="file" accept="image/*" onChange={choosePhoto} aria-describedby="profile-photo-hint" />
            </label>
            {photoError ? (
              <span className="field-error" role="alert">
                {photoError}
              </span>
            ) : (
              <span id="profile-photo-hint" className="field-hint">
                {photo ? 'New photo ready — it is saved when you press Save.' : 'Any image up to 10 MB; you crop it to a square next.'}
              </span>
            )}
          </div>
        </div>

        <div className="form-row">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName} {...register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName} {...register('lastName')} />
        </div>

        <div className="form-row">
          <SelectField label="Gender" options={GENDER_OPTIONS} placeholder="Not set" error={errors.gender} {...register('gender')} />
          <div />
        </div>

        <fieldset className="profile-date" aria-describedby={errors.birthDate ? 'profile-birth-date-error' : undefined}>
          <legend className="field-label">Date of birth</legend>
          <div className="profile-date-row">
            <TextField label="Day" placeholder="DD" inputMode="numeric" maxLength={2} error={errors.birthDay} {...register('birthDay')} />
            <TextField label="Month" placeholder="MM" inputMode="numeric" maxLength={2} error={errors.birthMonth} {...register('birthMonth')} />
            <TextField label="Year" placeholder="YYYY" inputMode="numeric" maxLength={4} error={errors.birthYear} {...register('birthYear')} />
          </div>
          {errors.birthDate && (
            <span id="profile-birth-date-error" className="field-error" role="alert">
              {errors.birthDate}
            </span>
          )}
        </fieldset>

        <div className="form-row">
          <TextField label="Date of death" placeholder={DEATH_PLACEHOLDER} error={errors.death} {...register('death')} />
          <TextField label="Mother's maiden name" {...register('mothersMaidenName')} />
        </div>

        <TextAreaField label="Bio" rows={4} placeholder="A few lines about you, for your family" {...register('bio')} />

        <TextField label="Email" type="email" value={profile.email} readOnly hint="The address you sign in with; it cannot be changed here." />

        <FormAlert kind="error">{formError}</FormAlert>

        <div className="profile-editor-actions">
          <button type="button" className="btn btn-secondary" onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <CropDialog
        picture={picture}
        failureMessage={M.photoFailed}
        onCancel={() => setPicture(null)}
        onUse={(files) => {
          setPhoto({ files, preview: URL.createObjectURL(files.large) });
          setPhotoError(null);
          setPicture(null);
        }}
      />
    </>
  );
}
