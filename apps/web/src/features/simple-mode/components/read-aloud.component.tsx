import { Trans } from '@lingui/react/macro';
import { Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { simpleButtonClass } from '../simple-mode.styles';

/** The browser's speech, where it has one (none in some browsers and in Node). */
function speechSynthesisOf(): SpeechSynthesis | undefined {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;
}

/**
 * "Read aloud" (issue 54): the browser's own speech reads the slot in the page's language. Nothing
 * is sent anywhere; without speech synthesis there is no button.
 */
export function ReadAloud({ text }: { text: string }) {
  const [speaking, setSpeaking] = useState(false);
  const speech = speechSynthesisOf();
  // Leaving the screen stops the voice.
  useEffect(() => () => speechSynthesisOf()?.cancel(), []);
  if (!speech) return null;

  const onPress = () => {
    if (speaking) {
      speech.cancel();
      setSpeaking(false);
      return;
    }
    speech.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || 'en';
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    speech.speak(utterance);
  };
  return (
    <button type="button" className={simpleButtonClass.secondary} onClick={onPress}>
      <Volume2 aria-hidden="true" className="simple-icon" />
      {speaking ? <Trans>Stop reading</Trans> : <Trans>Read aloud</Trans>}
    </button>
  );
}
