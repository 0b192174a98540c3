//! The steps of a composed demo ("Make your own") as the reader edits them: a list of
//! `<fieldset data-step="NAME">` (with `data-brush` for a step drawn by hand), each holding its
//! step's fields (named as its flags), where it acts (`where` and the band its choice shows) and
//! the buttons that move or remove it, and the choice
//! and button that add one. The fieldsets are
//! the steps: reading them gives the `then=NAME&field=value` pairs the share link and the worker
//! carry (`model::fields::steps`), so one reader checks all three.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlSelectElement};

use terrain::chain::mask::fields as mask;
use terrain::chain::row::Settings;
use terrain::chapters::step_list::{step_names, Link, StepList};
use terrain::ParamError;

use super::controls::{field, Control};
use super::dom::{append, button, element};
use super::toolbar::labelled_select;
use crate::model::fields::steps::THEN;
use crate::model::fields::Field;

/// What a step's button (or the add button) asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Add the step chosen in the add-step list after the last.
    Add,
    /// Remove the step at this place.
    Remove(usize),
    /// Move the step at this place one up.
    Up(usize),
    /// Move the step at this place one down.
    Down(usize),
    /// Take back the last stroke painted.
    Undo,
    /// Bring back the stroke undone last.
    Redo,
}

impl Edit {
    /// The edit a `data-action` asks of the step at `place`.
    pub fn of(action: &str, place: usize) -> Option<Edit> {
        Some(match action {
            "add-step" => Edit::Add,
            "remove-step" => Edit::Remove(place),
            "step-up" => Edit::Up(place),
            "step-down" => Edit::Down(place),
            "undo" => Edit::Undo,
            "redo" => Edit::Redo,
            _ => return None,
        })
    }
}

/// One step's fieldset.
struct StepBox {
    fieldset: Element,
    legend: Element,
    name: &'static str,
    /// Its fields, then where it acts (the mask's), each with its wrapper.
    controls: Vec<(Field, Control, Element)>,
    buttons: [Element; 3],
    /// Undo and redo of its strokes, shown while the canvas draws on it.
    strokes: Element,
    /// Whether it is drawn by hand whatever its mask (paint).
    drawn: bool,
}

impl StepBox {
    /// Its mask's settings as its fields hold them (a field that does not read keeps its
    /// default here; the recipe's reading marks it).
    fn mask(&self) -> Settings {
        let mut settings = Settings::defaults(&mask::FIELDS);
        for (f, control, _) in &self.controls {
            let _ = settings.read(f.0, &control.value(), crate::model::fields::read_decimal);
        }
        settings
    }

    /// Whether `f` is one of where it acts.
    fn is_mask(f: Field) -> bool {
        mask::FIELDS.iter().any(|k| k.name == f.name())
    }

    /// Shows the mask's fields that take part where `where` says the step acts, and undo and
    /// redo of the strokes while the canvas draws on it (paint, or a painted mask).
    fn show_where(&self) {
        let settings = self.mask();
        let _ = match self.drawn || mask::painted(&settings) {
            true => self.strokes.remove_attribute("hidden"),
            false => self.strokes.set_attribute("hidden", ""),
        };
        let masks = self.controls.iter().filter(|(f, ..)| StepBox::is_mask(*f));
        for (f, _, wrapper) in masks {
            let _ = if mask::shown(&settings, f.0) {
                wrapper.remove_attribute("hidden")
            } else {
                wrapper.set_attribute("hidden", "")
            };
        }
    }
}

/// The steps' fieldsets and the controls that add one.
pub struct Composer {
    /// Holds the fieldsets, in order (change events from their fields bubble up to it).
    pub list: Element,
    /// The add-step row: `<select name="add-step">` and `<button data-action="add-step">`.
    pub adder: Element,
    /// The add-step button.
    pub add: Element,
    choice: HtmlSelectElement,
    boxes: Vec<StepBox>,
    document: Document,
    id: String,
    alert_id: String,
    /// Fieldsets made so far, for ids no two share.
    made: usize,
}

impl Composer {
    /// The editor for demo `id`'s steps, showing `steps`.
    pub fn new(
        document: &Document,
        id: &str,
        alert_id: &str,
        steps: &StepList,
    ) -> Result<Self, JsValue> {
        let list = element(document, "div", &[("class", "steps")])?;
        let adder = element(document, "span", &[("class", "field add-step")])?;
        let options: Vec<(&str, String)> = step_names().map(|n| (n, n.to_string())).collect();
        let (label, choice, _) =
            labelled_select(document, id, "add-step", "Step to add", None, &options)?;
        let add = button(document, "add-step", "Add step", "Add step")?;
        // Its name is its text (axe: a name that only contains the visible words still
        // mismatches); what it adds is said by the title.
        add.remove_attribute("aria-label")?;
        add.set_attribute("title", "Add the chosen step after the last")?;
        append(&adder, &[&label, &choice, &add])?;
        let mut composer = Composer {
            list,
            adder,
            add,
            choice,
            boxes: Vec::new(),
            document: document.clone(),
            id: id.to_string(),
            alert_id: alert_id.to_string(),
            made: 0,
        };
        for link in steps.iter() {
            composer.push(link)?;
        }
        composer.renumber();
        Ok(composer)
    }

    /// Adds a fieldset for `link` after the last, its fields showing its settings.
    fn push(&mut self, link: &Link) -> Result<(), JsValue> {
        let document = &self.document;
        let fieldset = element(
            document,
            "fieldset",
            &[("class", "step"), ("data-step", link.name())],
        )?;
        if link.row().drawn() {
            // Its fields are the brush: what the next stroke takes, not the terrain's settings.
            fieldset.set_attribute("data-brush", "")?;
        }
        let legend = element(document, "legend", &[])?;
        fieldset.append_child(&legend)?;
        let prefix = format!("{}-step{}", self.id, self.made);
        self.made += 1;
        let mut controls = Vec::new();
        let mask = link.mask_knobs().iter().map(|&k| (k, true));
        for (knob, where_) in link.knobs().iter().map(|&k| (k, false)).chain(mask) {
            let f = Field(knob);
            let (wrapper, control) = field(document, &prefix, f, &self.alert_id)?;
            control.set_value(&link.show(knob));
            if where_ {
                wrapper.class_list().add_1("where")?;
            }
            fieldset.append_child(&wrapper)?;
            controls.push((f, control, wrapper));
        }
        let name = link.name();
        let buttons = [
            button(document, "step-up", "↑", &format!("Move {name} up"))?,
            button(document, "step-down", "↓", &format!("Move {name} down"))?,
            button(document, "remove-step", "Remove", &format!("Remove {name}"))?,
        ];
        let row = element(document, "span", &[("class", "step-actions")])?;
        append(&row, &[&buttons[0], &buttons[1], &buttons[2]])?;
        // Undo and redo of the strokes (Ctrl+Z and Ctrl+Shift+Z on the demo too), shown while
        // the canvas draws on this step.
        let strokes = element(document, "span", &[("class", "stroke-actions")])?;
        let undo = button(document, "undo", "Undo stroke", "Undo the last stroke")?;
        let redo = button(
            document,
            "redo",
            "Redo stroke",
            "Redo the stroke undone last",
        )?;
        for b in [&undo, &redo] {
            b.remove_attribute("aria-label")?;
        }
        append(&strokes, &[&undo, &redo])?;
        row.append_child(&strokes)?;
        fieldset.append_child(&row)?;
        self.list.append_child(&fieldset)?;
        let step = StepBox {
            fieldset,
            legend,
            name,
            controls,
            buttons,
            strokes,
            drawn: link.row().drawn(),
        };
        step.show_where();
        self.boxes.push(step);
        Ok(())
    }

    /// Numbers the legends and disables the moves that go nowhere.
    fn renumber(&self) {
        let last = self.boxes.len().saturating_sub(1);
        for (place, step) in self.boxes.iter().enumerate() {
            let said = format!("Step {}: {}", place + 1, step.name);
            step.legend.set_text_content(Some(&said));
            let _ = step
                .fieldset
                .set_attribute("data-place", &place.to_string());
            for (at, off) in [(0, place == 0), (1, place == last)] {
                let b = &step.buttons[at];
                let _ = if off {
                    b.set_attribute("disabled", "")
                } else {
                    b.remove_attribute("disabled")
                };
            }
        }
    }

    /// Shows `steps` in place of the fieldsets there (a Cancel puts back the steps of the
    /// terrain on screen).
    pub fn show(&mut self, steps: &StepList) -> Result<(), JsValue> {
        for step in self.boxes.drain(..) {
            step.fieldset.remove();
        }
        for link in steps.iter() {
            self.push(link)?;
        }
        self.renumber();
        Ok(())
    }

    /// Does `edit`; `true` when the steps changed (the terrain is then made again).
    pub fn edit(&mut self, edit: Edit) -> Result<bool, JsValue> {
        let count = self.boxes.len();
        let changed = match edit {
            Edit::Add => match Link::named(&self.choice.value()) {
                Some(link) if count < terrain::chapters::step_list::MAX_STEPS => {
                    self.push(&link)?;
                    true
                }
                _ => false,
            },
            Edit::Remove(place) if place < count => {
                self.boxes.remove(place).fieldset.remove();
                true
            }
            Edit::Up(place) if place > 0 && place < count => {
                self.swap(place - 1)?;
                true
            }
            Edit::Down(place) if place + 1 < count => {
                self.swap(place)?;
                true
            }
            Edit::Undo | Edit::Redo | Edit::Remove(_) | Edit::Up(_) | Edit::Down(_) => false,
        };
        self.renumber();
        Ok(changed)
    }

    /// Swaps the steps at `place` and `place + 1`, on screen and in order.
    fn swap(&mut self, place: usize) -> Result<(), JsValue> {
        let (upper, lower) = (&self.boxes[place].fieldset, &self.boxes[place + 1].fieldset);
        self.list.insert_before(lower, Some(upper))?;
        self.boxes.swap(place, place + 1);
        Ok(())
    }

    /// The steps as the fieldsets hold them: `then=NAME`, then each field's text.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        for step in &self.boxes {
            pairs.push((THEN, step.name.to_string()));
            // Where it acts: only the mask's fields that take part (none everywhere).
            step.show_where();
            let settings = step.mask();
            let acting = settings.choice(&mask::WHERE) != 0;
            for (f, control, _) in &step.controls {
                if !StepBox::is_mask(*f) || acting && mask::shown(&settings, f.0) {
                    pairs.push((f.name(), control.value()));
                }
            }
        }
        pairs
    }

    /// Marks the fields `errors` name in the steps they came from (by place); clears the rest.
    pub fn mark(&self, errors: &[(usize, ParamError)]) {
        for (place, step) in self.boxes.iter().enumerate() {
            for (f, control, _) in &step.controls {
                let bad = errors
                    .iter()
                    .any(|(at, e)| *at == place && e.field == f.name());
                control.mark_invalid(bad);
            }
        }
    }

    /// The place of the step whose fieldset holds `target` (a button in it).
    pub fn place_of(&self, target: &Element) -> Option<usize> {
        self.boxes
            .iter()
            .position(|step| step.fieldset.contains(Some(target)))
    }
}

/// The `data-action` of the button `event` came from (or its ancestor up to the list), if any.
pub fn action_of(event: &web_sys::Event) -> Option<(String, Element)> {
    let target: Element = event.target()?.dyn_into().ok()?;
    let button = target.closest("button[data-action]").ok()??;
    Some((button.get_attribute("data-action")?, button))
}
