import type { UseFormRegisterReturn } from 'react-hook-form';
import { PAGE_STORY_MAX_CHARS } from '@pledgeway/domain/schemas/fundraising-pages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ImagePicker } from '../image-picker';

interface PageStoryFieldsProps {
  /** The campaign's name, for the title's placeholder. */
  eventName: string;
  fields: { title: UseFormRegisterReturn; story: UseFormRegisterReturn; target: UseFormRegisterReturn };
  errors: { title?: string; story?: string; target?: string; image?: string };
  /** The picture: a data URL once cropped, the stored picture's address, or empty for none. */
  image: { value: string; onChange(dataUrl: string): void; removable?: boolean };
}

/** What a fundraising page says, as it is started and as its owner edits it: title, story, target and picture. */
export function PageStoryFields({ eventName, fields, errors, image }: PageStoryFieldsProps) {
  return (
    <>
      <Field label="Page title" required error={errors.title}>
        <Input {...fields.title} placeholder={`Running the ${eventName}`} />
      </Field>
      <Field label="Your story" required error={errors.story} hint={`Why you are raising money, up to ${PAGE_STORY_MAX_CHARS} characters.`}>
        <Textarea rows={6} {...fields.story} />
      </Field>
      <Field label="Your target ($)" required error={errors.target} hint="What you hope to raise through your page.">
        <Input inputMode="decimal" {...fields.target} />
      </Field>
      <div className="grid gap-2">
        <ImagePicker
          label="Picture (optional)"
          shape="banner"
          aspect={4 / 3}
          value={image.value}
          onChange={(dataUrl) => image.onChange(dataUrl)}
          error={errors.image}
        />
        {image.removable && image.value && (
          <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => image.onChange('')}>
            Remove the picture
          </Button>
        )}
      </div>
    </>
  );
}
