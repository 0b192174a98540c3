//! A demo's fields as the view reads and marks them: the base's, then (on a composed row) each
//! step's; the alert and the invalid marks; the notice from the page address.

use terrain::ParamError;

use super::DemoView;
use crate::model::fields::{self, Field, Setup};

impl DemoView {
    /// Reads every field, starting from the row's own recipe: the base's, then (on a composed
    /// row) each step's, marking the steps' bad fields. The strokes drawn are not read here
    /// (a pointer's every move reads the brush fields): [`DemoView::apply_fields`] adds them.
    pub(super) fn read_fields(&self) -> Result<Setup, Vec<ParamError>> {
        let texts: Vec<(Field, String)> = self
            .elements
            .controls
            .iter()
            .map(|(f, control)| (*f, control.value()))
            .collect();
        let mut start = self.demo.setup(0);
        let mut refused = Vec::new();
        if let Some(composer) = &self.elements.composer {
            let pairs = composer.pairs();
            let texts = pairs.iter().map(|(n, v)| (*n, v.as_str()));
            let errors = fields::steps::read(&mut start.recipe, texts);
            composer.mark(&errors);
            refused.extend(errors.into_iter().map(|(_, e)| e));
        }
        let read = fields::read_setup(start, texts.iter().map(|(f, t)| (*f, t.as_str())));
        match read {
            Ok(setup) if refused.is_empty() => Ok(setup),
            Ok(_) => Err(refused),
            Err(mut errors) => {
                errors.extend(refused);
                Err(errors)
            }
        }
    }

    /// Adds, moves or removes a step of a composed row; `true` when the steps changed.
    pub fn edit_steps(&mut self, edit: crate::page::composer::Edit) -> bool {
        use crate::page::composer::Edit;
        match edit {
            Edit::Undo => return self.undo(),
            Edit::Redo => return self.redo(),
            _ => {}
        }
        match self.elements.composer.as_mut() {
            Some(composer) => composer.edit(edit).unwrap_or(false),
            None => false,
        }
    }

    /// Shows `setup` in the fields: the base's, then (on a composed row) each step's, with no
    /// field marked (a Cancel puts back the settings of the terrain on screen).
    pub(super) fn show_fields(&mut self, setup: &Setup) {
        for (f, control) in &self.elements.controls {
            control.set_value(&f.show(setup));
        }
        let steps = setup.recipe.step_list();
        if let (Some(composer), Some(steps)) = (self.elements.composer.as_mut(), steps) {
            if let Err(e) = composer.show(steps) {
                web_sys::console::warn_1(&e);
            }
        }
        self.clear_errors();
    }

    /// Shows `seed` in the seed field.
    pub fn show_seed(&self, seed: u64) {
        let seed_field = self
            .elements
            .controls
            .iter()
            .find(|(f, _)| *f == Field(&terrain::knobs::SEED));
        if let Some((_, control)) = seed_field {
            control.set_value(&seed.to_string());
        }
    }

    /// Shows what is wrong next to the fields and marks the bad ones.
    pub(super) fn show_errors(&self, errors: &[ParamError]) {
        let message = fields::sentences(errors);
        self.elements.alert.set_text_content(Some(&message));
        for (field, control) in &self.elements.controls {
            control.mark_invalid(errors.iter().any(|e| e.field == field.name()));
        }
    }

    /// Clears every invalid mark, and the alert but for a notice from the page address.
    pub(super) fn clear_errors(&self) {
        self.show_errors(&[]);
        if let Some(notice) = &self.notice {
            self.elements.alert.set_text_content(Some(notice));
        }
    }

    /// Keeps `notice` in the alert (while the fields are fine) until the reader changes something.
    pub fn set_notice(&mut self, notice: Option<String>) {
        self.notice = notice;
        self.clear_errors();
    }
}
