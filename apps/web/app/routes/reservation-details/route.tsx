import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTexts } from '#app/i18n/language';
import { Link, useNavigate } from 'react-router';
import { checkDetail, detailKey, isOptionVisible } from '@moncafe/domain/reservation/detail';
import type { OptionSpec } from '@moncafe/domain/reservation/detail';
import type { ReservationDetail } from '@moncafe/domain/reservation/events';
import { isBlobId } from '@moncafe/domain/ports';
import { storeParamTitleMeta } from '#app/layout/store-title';
import { openStoreNames } from '#app/layout/store-title.server';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import { STORE_PARAM, useFlowStore } from '#app/reservation/store-choice';
import type { Answer as UploadAnswer } from '#app/routes/api/reservation-images/route';
import { useCourseOptions } from '#app/reservation/course-options';
import { dataUrlToBlob } from '#app/reservation/image-crop';
import { readDraft, writeDraft } from '#app/reservation/draft';
import { reservationCart } from '#app/reservation/reservation-cart';
import { OptionField, type OptionValue } from '#app/reservation/option-field';
import { CartSummary } from '#app/reservation/reservation-summary';
import { RoundCropper } from '#app/reservation/round-cropper';
import { pause, readSession, resume, writeSession } from '#app/reservation/session';
import { useReservationSession } from '#app/reservation/use-reservation-session';
import { detailProblemMessage, localizedReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = storeParamTitleMeta(localizedReservationTexts, (t) => t.detailsTitle, STORE_PARAM);

/** The open stores' names, for the title naming the chosen store (decision 414); the store does not change within the page. */
export function loader({ context }: Route.LoaderArgs) {
  return openStoreNames(context);
}
export const shouldRevalidate = () => false;
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/**
 * /reservation-details: options of the cart's courses by type; child options follow their
 * parent's value. Once the guest has tried to go on, the problems are checked again at every
 * change, so each one goes away as soon as its field is right.
 */
export default function ReservationDetails() {
  const t = useTexts(localizedReservationTexts);
  useReservationSession();
  const cart = reservationCart.useLines();
  const navigate = useNavigate();
  const store = useFlowStore();
  const menuIds = useMemo(() => cart.map((l) => l.menu_id), [cart]);
  const load = useCourseOptions(menuIds);
  const spec = load.state === 'loaded' && load.options.length > 0 ? load : null;
  const [detail, setDetail] = useState<ReservationDetail>(() => readDraft().detail);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    // No course with options (or they could not be read): straight on to the contact form.
    if (reservationCart.read().length === 0 || load.state === 'failed' || (load.state === 'loaded' && load.options.length === 0))
      void navigate(store.to('/customer-information'), { replace: true });
  }, [load, navigate, store]);

  const set = (key: string, value: string | string[]) => {
    const next = { ...detail, [key]: value };
    setDetail(next);
    writeDraft({ detail: next });
  };

  const problems = tried && spec ? checkDetail(spec.options, spec.dependencies, detail).problems.map(detailProblemMessage) : [];

  const submit = () => {
    if (!spec) return;
    setTried(true);
    const checked = checkDetail(spec.options, spec.dependencies, detail);
    if (checked.problems.length) return;
    writeDraft({ detail: checked.detail });
    void navigate(store.to('/customer-information'));
  };

  return (
    <article className="page rsv-page rsv-options">
      <Link to={store.to('/reservation/day')} className="rsv-back">
        {t.dayTitle}
      </Link>
      <h1>{t.detailsTitle}</h1>
      <CartSummary cart={cart} />
      {!spec && <p role="status">{t.loading}</p>}
      {spec &&
        cart.map((line) => (
          <section key={line.menu_id} className="card rsv-card" data-testid={`options-${line.menu_id}`}>
            <h2>{line.name}</h2>
            {spec.options
              .filter((o) => o.menuId === line.menu_id && isOptionVisible(o, spec.options, spec.dependencies, detail))
              .map((o) => (
                <DetailsOptionField
                  key={o.optionId}
                  option={o}
                  value={detail[detailKey(o.menuId, o.optionId)]}
                  onChange={(v) => set(detailKey(o.menuId, o.optionId), v)}
                />
              ))}
          </section>
        ))}
      <div role="alert" data-testid="option-problems">
        {problems.length > 0 && (
          <ul className="rsv-problems">
            {problems.map((p) => (
              <li key={p} className="rsv-error">
                {p}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="button" disabled={!spec} onClick={submit}>
        {t.toCustomerInformation}
      </button>
    </article>
  );
}

function resumeSession() {
  const s = readSession();
  if (s) writeSession(resume(s, Date.now()));
}

function DetailsOptionField({ option, value, onChange }: { option: OptionSpec; value: OptionValue; onChange: (value: string | string[]) => void }) {
  const id = `opt-${option.menuId}-${option.optionId}`;
  return (
    <OptionField
      id={id}
      option={option}
      value={value}
      onChange={onChange}
      image={(label) => <ImageOptionField id={id} label={label} option={option} value={value} onChange={onChange} />}
    />
  );
}

/**
 * A picture for an image option: chosen, then placed in the circle, cut to the round PNG, and
 * uploaded (POST /api/reservation-images): the option holds the picture's id, which
 * send-confirmation names, so the picture itself never travels in the booking's events.
 */
function ImageOptionField({
  id,
  label,
  option,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
  option: OptionSpec;
  value: OptionValue;
  onChange: (value: string) => void;
}) {
  const t = useTexts(localizedReservationTexts);
  const [file, setFile] = useState<File | null>(null);
  // The cut picture as this page made it; after a reload the stored one is loaded back by its id.
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const keep = async (dataUrl: string) => {
    setFile(null);
    setUploading(true);
    setProblem(null);
    const r = await callJson<UploadAnswer>('/api/reservation-images', { upload: dataUrlToBlob(dataUrl) });
    setUploading(false);
    if (!r.ok) {
      setProblem(r.message ?? r.body.error ?? t.imageUploadFailed);
      return;
    }
    setPreview(dataUrl);
    onChange(r.body.image_id);
  };

  const shown = preview ?? (typeof value === 'string' && isBlobId(value) ? `/api/reservation-images/${value}` : null);
  return (
    <div className="rsv-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/*"
        onClick={() => {
          // Choosing a picture can take a while: the session pauses meanwhile.
          const s = readSession();
          if (s) writeSession(pause(s, Date.now()));
          // The window regains focus when the picker closes, chosen or cancelled.
          window.addEventListener('focus', resumeSession, { once: true });
        }}
        onChange={(e) => {
          resumeSession();
          const chosen = e.target.files?.[0];
          if (chosen) setFile(chosen);
          // Cleared so that choosing the same picture again (after 選び直す) still opens the cropper.
          e.target.value = '';
        }}
      />
      {file && <RoundCropper file={file} label={option.label} onCropped={(dataUrl) => void keep(dataUrl)} onCancel={() => setFile(null)} />}
      {uploading && <p role="status">{t.sending}</p>}
      {problem && (
        <p className="rsv-error" role="alert">
          {problem}
        </p>
      )}
      {!file && !uploading && shown && <img className="rsv-crop" src={shown} alt={option.label} data-testid="cropped-image" />}
    </div>
  );
}
